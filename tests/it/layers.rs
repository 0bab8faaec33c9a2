//! The layers of ARCHITECTURE.md, read from the source: a module names only
//! modules of its own layer or below. From the bottom: the shared vocabulary
//! (`domain`, `config`, `error`, `auth`), then `db`, then what every request
//! passes through (`http`, `reads`, and the state they share,
//! `server::state`), then the resources and capabilities (`api`, `import`,
//! `member_import`, `discovery`, ...), then the server that runs them all.
//!
//! The upward names still in the tree are listed in `STILL_UPWARD`, to be cut
//! one by one; a new one fails, and so does a listed one that is gone (the
//! list only shrinks).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// A module's layer, from the bottom; `None`: not a layer of its own.
fn layer_of(module: &str) -> Option<u8> {
    Some(match module {
        "domain" | "config" | "error" | "auth" | "csv_cells" => 0,
        "db" => 1,
        "http" | "reads" | "server::state" => 2,
        "api" | "import" | "member_import" | "notices" | "player_listens" | "pictures"
        | "discovery" | "year_in_music" | "media" | "web" | "outgoing" | "demo" | "lock"
        | "open_files" | "mail" => 3,
        "server" => 4,
        _ => return None,
    })
}

/// The module a source file belongs to, as `layer_of` names it.
fn module_of(file: &Path, src: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap();
    let first = relative
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy()
        .trim_end_matches(".rs")
        .to_owned();
    if first == "server" && relative.to_string_lossy().starts_with("server/state") {
        return "server::state".to_owned();
    }
    first
}

/// The modules a file names through `crate::`, comments left out.
fn named(source: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in source.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let after = &rest[name.len()..];
            // `crate::server::state`, `crate::server::AppState` are the shared state.
            let shared_state = ["::state", "::AppState", "::{"]
                .iter()
                .any(|path| after.starts_with(path));
            if name == "server" && shared_state {
                names.insert("server::state".to_owned());
            } else if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Upward names in the tree today: (file under src/, module named).
const STILL_UPWARD: &[(&str, &str)] = &[
    // The state holds the capabilities' shared services (the recommender's
    // queue, the import sources, the imports held for review): each to move
    // below, or behind a `FromRef` of its own.
    ("server/state.rs", "discovery"),
    ("server/state.rs", "import"),
    ("server/state.rs", "member_import"),
];

/// Every upward name: (file under src/, module named).
fn upward_names() -> BTreeSet<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut upward = BTreeSet::new();
    for file in files {
        let module = module_of(&file, &src);
        let Some(own) = layer_of(&module) else {
            continue;
        };
        let source = std::fs::read_to_string(&file).unwrap();
        for name in named(&source) {
            if layer_of(&name).is_some_and(|theirs| theirs > own) {
                let relative = file
                    .strip_prefix(&src)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                upward.insert((relative, name));
            }
        }
    }
    upward
}

#[test]
fn no_module_names_a_layer_above_its_own() {
    let upward = upward_names();
    let known: BTreeSet<(String, String)> = STILL_UPWARD
        .iter()
        .map(|(file, name)| (file.to_string(), name.to_string()))
        .collect();
    let new: Vec<_> = upward.difference(&known).collect();
    assert!(
        new.is_empty(),
        "modules naming a layer above their own: {new:?}"
    );
    let cut: Vec<_> = known.difference(&upward).collect();
    assert!(
        cut.is_empty(),
        "cut, so no longer to be listed in STILL_UPWARD: {cut:?}"
    );
}

#[test]
fn the_check_finds_a_planted_upward_name() {
    let planted = "use crate::api::AppState; // the shared state, from the wrong room\n";
    let names = named(planted);
    assert!(names.contains("api"), "{names:?}");
    assert!(layer_of("api") > layer_of("http"));
    let commented = named("// crate::api::AppState in a comment only\n");
    assert!(commented.is_empty(), "{commented:?}");
    assert!(named("use crate::server::AppState;").contains("server::state"));
    assert!(named("use crate::server::tasks::Next;").contains("server"));
}
