//! Builds the UI (ui/dist) with npm when it is missing or older than the UI
//! sources, so that a fresh `cargo build` embeds a current front end.
//! `HALFSTAR_SKIP_UI_BUILD=1` skips this for back-end work.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

const UI_INPUTS: &[&str] = &[
    "src",
    "public",
    "index.html",
    "package.json",
    "package-lock.json",
    "vite.config.ts",
    "tsconfig.json",
];

fn main() {
    println!("cargo:rerun-if-env-changed=HALFSTAR_SKIP_UI_BUILD");
    let ui = Path::new("ui");
    for input in UI_INPUTS {
        println!("cargo:rerun-if-changed=ui/{input}");
    }
    println!("cargo:rerun-if-changed=ui/dist/index.html");
    if std::env::var_os("HALFSTAR_SKIP_UI_BUILD").is_some_and(|v| v != "0") {
        return;
    }
    let built = newest(&ui.join("dist/index.html"));
    let sources = UI_INPUTS.iter().filter_map(|i| newest(&ui.join(i))).max();
    if built.is_some() && built >= sources {
        return;
    }
    if !ui.join("node_modules").exists()
        || newer(&ui.join("package-lock.json"), &ui.join("node_modules"))
    {
        npm(ui, &["ci", "--no-audit", "--no-fund"]);
    }
    npm(ui, &["run", "build"]);
}

fn npm(dir: &Path, args: &[&str]) {
    let status = Command::new("npm")
        .args(args)
        .current_dir(dir)
        .status()
        .unwrap_or_else(|e| {
            panic!("cannot run npm ({e}); install Node.js and npm, or set HALFSTAR_SKIP_UI_BUILD=1 to build without the UI")
        });
    assert!(status.success(), "npm {} failed in ui/", args.join(" "));
}

fn newer(a: &Path, b: &Path) -> bool {
    newest(a) > newest(b)
}

/// The latest modification time of a file, or of anything in a directory.
fn newest(path: &Path) -> Option<SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_dir() {
        return meta.modified().ok();
    }
    std::fs::read_dir(path)
        .ok()?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter_map(|child: PathBuf| newest(&child))
        .max()
}
