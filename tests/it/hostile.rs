//! The real binary under hostile conditions: clients that trickle or stall,
//! a thousand connections at once, a disk that fills up and a data directory
//! that cannot be written.
//!
//! The disk tests mount a small tmpfs in a mount namespace of their own
//! (`unshare --mount --map-root-user`), so they need neither root nor any
//! change to the machine.

use crate::common;

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Barrier};
use std::thread;
use std::time::{Duration, Instant};

use common::TestApp;
use common::server::RunningServer;

const BINARY: &str = env!("CARGO_BIN_EXE_halfstar");

/// Reads one answer off a keep-alive connection: its status and body.
fn read_answer(stream: &mut TcpStream) -> (u16, String) {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).expect("an answer");
        head.push(byte[0]);
    }
    let head = String::from_utf8(head).unwrap();
    let length: usize = head
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse().unwrap())
        })
        .expect("a Content-Length");
    let mut body = vec![0; length];
    stream.read_exact(&mut body).unwrap();
    let status = head[9..12].parse().unwrap();
    (status, String::from_utf8(body).unwrap())
}

/// How long until the server closes `stream`, and how many bytes it sent
/// first; panics if it is still open after `patience`.
fn time_until_closed(stream: &mut TcpStream, patience: Duration) -> (Duration, usize) {
    let start = Instant::now();
    stream.set_read_timeout(Some(patience)).unwrap();
    let mut sink = [0u8; 64 * 1024];
    let mut received = 0;
    loop {
        match stream.read(&mut sink) {
            Ok(0) => return (start.elapsed(), received),
            Ok(count) => received += count,
            Err(error) if error.kind() == ErrorKind::ConnectionReset => {
                return (start.elapsed(), received);
            }
            Err(error) => panic!("still open after {:?}: {error}", start.elapsed()),
        }
    }
}

/// A fixed 64 KiB receive buffer, where the kernel would grow it to tens of
/// megabytes for a client that does not read.
fn shrink_receive_buffer(stream: &TcpStream) {
    use std::os::fd::AsRawFd;
    let size: libc::c_int = 64 * 1024;
    // SAFETY: setsockopt reads `size` for the length given, on an open socket.
    let status = unsafe {
        libc::setsockopt(
            stream.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_RCVBUF,
            std::ptr::from_ref(&size).cast(),
            std::mem::size_of_val(&size) as libc::socklen_t,
        )
    };
    assert_eq!(status, 0);
}

fn connect(server: &RunningServer) -> TcpStream {
    TcpStream::connect(("127.0.0.1", server.port)).expect("connects")
}

#[test]
fn slow_and_idle_clients_are_cut_off_while_others_are_served() {
    let dir = tempfile::tempdir().unwrap();
    let server = RunningServer::start(
        dir.path(),
        Stdio::null(),
        &[
            ("HALFSTAR_CLIENT_TIMEOUT_SECONDS", "2"),
            ("HALFSTAR_REQUEST_TIMEOUT_SECONDS", "3"),
        ],
    );
    let head_deadline = Duration::from_secs(2);
    let slack = Duration::from_millis(1500);

    // Connected and silent.
    let mut silent = connect(&server);
    // Half a request head, then nothing.
    let mut half_head = connect(&server);
    half_head
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .unwrap();
    // A header byte every 300 ms: never idle, yet never done.
    let mut trickle = connect(&server);
    let mut trickle_writer = trickle.try_clone().unwrap();
    thread::spawn(move || {
        let head = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
        trickle_writer.write_all(head).ok();
        for _ in 0..40 {
            thread::sleep(Duration::from_millis(300));
            if trickle_writer.write_all(b"a").is_err() {
                break;
            }
        }
    });
    // One whole request and answer, then kept alive and idle.
    let mut idle = connect(&server);
    idle.write_all(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .unwrap();
    assert_eq!(read_answer(&mut idle).0, 200);
    // A body that stops short of its declared length.
    let mut short_body = connect(&server);
    short_body
        .write_all(
            b"POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n\
              Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"username\":\"a",
        )
        .unwrap();

    // Thirty megabytes of answers asked for and none read: far more than the
    // kernel buffers on both ends hold, so the server's writes stall.
    let mut not_reading = connect(&server);
    shrink_receive_buffer(&not_reading);
    let document_size = server
        .http("GET", "/api/openapi.json", None, "")
        .split_once("\r\n\r\n")
        .expect("an answer")
        .1
        .len();
    let asked = (30 << 20) / document_size + 1;
    let pipelined = "GET /api/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".repeat(asked);
    not_reading.write_all(pipelined.as_bytes()).unwrap();
    let stalled_since = Instant::now();

    // Meanwhile everyone else is answered as usual.
    let answer = server.http("GET", "/api/health", None, "");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");

    for (name, stream) in [
        ("silent", &mut silent),
        ("half head", &mut half_head),
        ("trickle", &mut trickle),
        ("idle keep-alive", &mut idle),
    ] {
        let (open_for, _) = time_until_closed(stream, head_deadline + slack * 2);
        assert!(
            open_for <= head_deadline + slack,
            "the {name} connection stayed open {open_for:?}"
        );
    }

    // The stalled reader was cut off long before its answers were all sent.
    thread::sleep(
        (stalled_since + head_deadline + slack).saturating_duration_since(Instant::now()),
    );
    let (_, received) = time_until_closed(&mut not_reading, Duration::from_secs(10));
    assert!(
        received < asked * document_size / 2,
        "{received} of {} bytes were sent to a client that did not read",
        asked * document_size
    );

    let started = Instant::now();
    short_body
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let (status, body) = read_answer(&mut short_body);
    assert_eq!(status, 408, "{body}");
    assert!(
        body.contains("not finished within 3 seconds"),
        "the 408 says why: {body}"
    );
    assert!(started.elapsed() <= Duration::from_secs(3) + slack);

    let answer = server.http("GET", "/api/health", None, "");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(server.stop().success());
}

/// Runs `work` on `count` threads at once, each after all have connected;
/// the results in thread order.
fn on_many_connections<T: Send + 'static>(
    server: &RunningServer,
    count: usize,
    work: impl Fn(TcpStream) -> T + Send + Sync + 'static,
) -> Vec<T> {
    let all_connected = Arc::new(Barrier::new(count));
    let work = Arc::new(work);
    let port = server.port;
    let threads: Vec<_> = (0..count)
        .map(|_| {
            let all_connected = all_connected.clone();
            let work = work.clone();
            thread::Builder::new()
                .stack_size(128 * 1024)
                .spawn(move || {
                    let stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
                    all_connected.wait();
                    work(stream)
                })
                .unwrap()
        })
        .collect();
    threads.into_iter().map(|t| t.join().unwrap()).collect()
}

#[test]
fn a_thousand_connections_at_once_are_all_answered_and_idle_ones_closed() {
    const CONNECTIONS: usize = 1_000;
    // The test holds a thousand sockets, besides the server's thousand.
    let open_files = halfstar::open_files::raise_to_hard_limit().unwrap();
    assert!(
        open_files > CONNECTIONS as u64 + 200,
        "this test needs more open files than the hard limit of {open_files}"
    );
    let app = TestApp::new();
    app.artist_with_albums(
        "Manyhands",
        &[("First", "2001-01-01"), ("Second", "2002-02-02")],
        &["Rock".to_owned()],
    );
    drop(app.state);
    let server = RunningServer::start(
        app.dir.path(),
        Stdio::null(),
        &[("HALFSTAR_CLIENT_TIMEOUT_SECONDS", "3")],
    );

    // A thousand requests, every connection open before any is sent.
    let path = "/api/artist/name/Manyhands";
    let statuses = on_many_connections(&server, CONNECTIONS, move |mut stream| {
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).map(|_| answer)
    });
    let answered = statuses
        .iter()
        .filter(|answer| matches!(answer, Ok(text) if text.starts_with("HTTP/1.1 200")))
        .count();
    assert_eq!(answered, CONNECTIONS, "first failure: {:?}", {
        statuses
            .iter()
            .find(|a| !matches!(a, Ok(t) if t.starts_with("HTTP/1.1 200")))
    });

    // A thousand connections that say nothing do not keep others waiting,
    // and are closed once they have been idle for the client timeout.
    let (idle_sender, idle) = std::sync::mpsc::channel();
    let idle_sender = std::sync::Mutex::new(idle_sender);
    on_many_connections(&server, CONNECTIONS, move |stream| {
        idle_sender.lock().unwrap().send(stream).unwrap();
    });
    let mut idle: Vec<TcpStream> = idle.try_iter().collect();
    assert_eq!(idle.len(), CONNECTIONS);
    let started = Instant::now();
    let answer = server.http("GET", "/api/health", None, "");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(2));
    for stream in &mut idle {
        time_until_closed(stream, Duration::from_secs(10));
    }
    assert!(server.stop().success());
}

/// `sh -c script` in a mount namespace of its own, as root of a user
/// namespace, with `args` as $1, $2, ...
fn in_own_mounts(script: &str, args: &[&Path]) -> Command {
    let mut command = Command::new("unshare");
    command
        .args(["--mount", "--map-root-user", "sh", "-euc", script, "sh"])
        .args(args)
        .env_remove("HALFSTAR_DATA_DIR");
    command
}

/// Waits (up to five seconds) for the last connection to the database in
/// `data` to close, which removes its write-ahead log: copied while the
/// writer thread is still closing, the log could vanish mid-copy.
fn closed(data: &Path) {
    let log = data.join("halfstar.db-wal");
    for _ in 0..250 {
        if !log.exists() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// A data directory with one member, ready to be copied under a mount.
fn prepared_data() -> (TestApp, String) {
    let app = TestApp::new();
    let (token, _) = app.member("filler");
    (app, token)
}

#[test]
fn a_full_disk_refuses_writes_with_507_and_loses_nothing() {
    let (app, token) = prepared_data();
    let TestApp { dir, state, setup } = app;
    drop((state, setup));
    closed(dir.path());
    let mount = tempfile::tempdir().unwrap();
    // 3 MiB of which the ballast takes 1.2: the database fills the rest,
    // with posts from one member as fast as they are answered.
    let script = r#"
        mount -t tmpfs -o size=3m halfstar-test "$1"
        cp -a "$2" "$1/data"
        head -c 1200k /dev/zero > "$1/ballast"
        exec env HALFSTAR_POSTS_PER_HOUR=100000 HALFSTAR_FETCH_PICTURES=false "$3" --data-dir "$1/data" serve --listen 127.0.0.1:0
    "#;
    let mut command = in_own_mounts(script, &[mount.path(), dir.path(), Path::new(BINARY)]);
    command.stderr(Stdio::null());
    let server = RunningServer::start_command(command);
    // The tmpfs as the server sees it.
    let inside = PathBuf::from(format!("/proc/{}/root", server.pid())).join(
        mount
            .path()
            .strip_prefix("/")
            .expect("an absolute temporary directory"),
    );

    let text = "a full disk ".repeat(1_600);
    let post = |n: i64| {
        let body = format!(r#"{{"title":"post {n}","postText":"{text}"}}"#);
        server.http("POST", "/api/post", Some(&token), &body)
    };
    let mut published = 0_i64;
    let refusal = loop {
        let answer = post(published);
        if answer.starts_with("HTTP/1.1 201") {
            published += 1;
            assert!(published < 400, "the disk never filled");
        } else {
            break answer;
        }
    };
    assert!(published > 10, "only {published} posts fit");
    assert!(refusal.starts_with("HTTP/1.1 507"), "{refusal}");
    assert!(refusal.contains("disk is full"), "{refusal}");

    // Reads go on; writes are refused whole, again and again.
    let recent = server.http("GET", "/api/post/recent?limit=5", None, "");
    assert!(recent.starts_with("HTTP/1.1 200"), "{recent}");
    assert!(post(published).starts_with("HTTP/1.1 507"));

    // Room made: writes work again, with everything before them intact.
    std::fs::remove_file(inside.join("ballast")).unwrap();
    assert!(post(published).starts_with("HTTP/1.1 201"));
    published += 1;

    // SQLite resolves /proc/PID/root to this namespace's root, so the CLI
    // runs in the server's namespaces to see its database.
    let data = mount.path().join("data");
    let in_server_mounts = |args: &[&str]| {
        let output = Command::new("nsenter")
            .args(["--target", &server.pid().to_string(), "--user", "--mount"])
            .arg(BINARY)
            .arg("--data-dir")
            .arg(&data)
            .args(args)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    in_server_mounts(&["check"]);
    let export: serde_json::Value =
        serde_json::from_str(&in_server_mounts(&["export-user", "filler"])).unwrap();
    let stored = export["posts"].as_array().expect("posts").len();
    assert_eq!(stored as i64, published);
    assert!(server.stop().success());
}

#[test]
fn a_read_only_data_directory_stops_the_server_at_start_and_changes_nothing() {
    let (app, _) = prepared_data();
    let TestApp { dir, state, setup } = app;
    halfstar::db::checkpoint(&setup).unwrap();
    drop((state, setup));
    closed(dir.path());
    let mount = tempfile::tempdir().unwrap();
    let script = r#"
        mount -t tmpfs halfstar-test "$1"
        cp -a "$2" "$1/data"
        mount -o remount,ro "$1"
        status=0
        "$3" --data-dir "$1/data" serve --listen 127.0.0.1:0 || status=$?
        echo "serve exited $status"
        cmp "$2/halfstar.db" "$1/data/halfstar.db" && echo "database unchanged"
    "#;
    let output = in_own_mounts(script, &[mount.path(), dir.path(), Path::new(BINARY)])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("serve exited 1"), "{stdout}{stderr}");
    assert!(stdout.contains("database unchanged"), "{stdout}{stderr}");
    assert!(
        stderr.contains("is the data directory writable") && stderr.contains("Read-only"),
        "the error says what is wrong: {stderr}"
    );
}

/// A figure of `/proc/PID/status` in KiB: `VmRSS` (memory held now) or
/// `VmHWM` (the most held since the start or `forget_peak_memory`).
fn memory_kib(pid: u32, figure: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix(figure)?.strip_prefix(':'))
        .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("{figure} in /proc/{pid}/status"))
}

/// Starts `VmHWM` again from the memory held now (Linux's `clear_refs`).
fn forget_peak_memory(pid: u32) {
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5").unwrap();
}

/// Uploads `size` bytes of a halfstar export (cheap to read: its albums are
/// padding) as the rating import of `token`'s member; the answer's status.
/// The head goes first and an answer given before the body is taken as it
/// is, as a client sending `Expect: 100-continue` would.
fn upload_padded_export(port: u16, token: &str, size: usize) -> u16 {
    let start = br#"{"format":"halfstar-user-export","formatVersion":1,"library":["#;
    let end = b"]}";
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    write!(
        stream,
        "POST /api/import/ratings?fileName=padded.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\
         Authorization: Bearer {token}\r\nContent-Type: application/octet-stream\r\n\
         Content-Length: {size}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    stream
        .set_read_timeout(Some(Duration::from_millis(500)))
        .unwrap();
    let mut first = [0u8; 12];
    if stream.read_exact(&mut first).is_ok() {
        return std::str::from_utf8(&first[9..12]).unwrap().parse().unwrap();
    }
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let padding = vec![b' '; 64 * 1024];
    let mut written = stream.write_all(start).is_ok();
    let mut left = size - start.len() - end.len();
    while written && left > 0 {
        let chunk = left.min(padding.len());
        written = stream.write_all(&padding[..chunk]).is_ok();
        left -= chunk;
    }
    if written {
        stream.write_all(end).ok();
    }
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).ok();
    std::str::from_utf8(&answer[9..12])
        .unwrap()
        .parse()
        .unwrap()
}

/// Sends `uploads` (a member's token each) at once, each of `size` bytes;
/// the answers' statuses, and each member's import once it has been read.
fn upload_all_at_once(
    server: &RunningServer,
    uploads: &[String],
    size: usize,
) -> (Vec<u16>, Vec<String>) {
    let all_ready = Arc::new(Barrier::new(uploads.len()));
    let port = server.port;
    let threads: Vec<_> = uploads
        .iter()
        .map(|token| {
            let (all_ready, token) = (all_ready.clone(), token.clone());
            thread::spawn(move || {
                all_ready.wait();
                upload_padded_export(port, &token, size)
            })
        })
        .collect();
    let statuses = threads.into_iter().map(|t| t.join().unwrap()).collect();
    // Accepted files are read after their answer: wait for each to be done.
    let mut members: Vec<&String> = uploads.iter().collect();
    members.dedup();
    let imports = members
        .into_iter()
        .map(|token| {
            let mut current = String::new();
            for _ in 0..600 {
                current = server.http("GET", "/api/import/ratings/current", Some(token), "");
                if current.contains("\"status\":\"failed\"") {
                    break;
                }
                thread::sleep(Duration::from_millis(100));
            }
            current
        })
        .collect();
    (statuses, imports)
}

/// The real binary's memory while large files arrive at once: a member's
/// second file is refused unread, files are received onto disk, and only
/// one accepted file at a time is read into memory, whoever sent it.
#[test]
fn parallel_large_uploads_do_not_fill_the_servers_memory() {
    const SIZE: usize = 60 * 1024 * 1024;
    let app = TestApp::new();
    let tokens: Vec<String> = (0..8)
        .map(|n| app.member(&format!("uploader_{n}")).0)
        .collect();
    drop(app.state);
    let server = RunningServer::start(
        app.dir.path(),
        Stdio::null(),
        &[("HALFSTAR_REQUEST_TIMEOUT_SECONDS", "120")],
    );
    let pid = server.pid();
    // A log-in naming no account waits for the hash the server prepares as
    // it starts; the peak is measured from then on, past what starting took.
    let unknown = server.http(
        "POST",
        "/api/auth/login",
        None,
        r#"{"email":"nobody@example.org","password":"not-a-password"}"#,
    );
    assert!(unknown.starts_with("HTTP/1.1 401"), "{unknown}");
    forget_peak_memory(pid);
    let before = memory_kib(pid, "VmRSS");
    // One file read whole after it was accepted, and a little besides.
    let bound = before + (SIZE / 1024) as u64 + 40 * 1024;

    let one_member = vec![tokens[0].clone(); 16];
    let (statuses, imports) = upload_all_at_once(&server, &one_member, SIZE);
    let peak = memory_kib(pid, "VmHWM");
    eprintln!(
        "16 uploads of 60 MB at once by one member: {} MB held before, at most {} MB while they were received and read ({statuses:?})",
        before / 1024,
        peak / 1024
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 202).count(),
        1,
        "{statuses:?}"
    );
    assert!(
        imports[0].contains("This file names no albums."),
        "{imports:?}"
    );
    assert!(
        peak < bound,
        "the server grew from {} MB to {} MB",
        before / 1024,
        peak / 1024
    );

    let eight_members: Vec<String> = tokens.iter().flat_map(|t| [t.clone(), t.clone()]).collect();
    let (statuses, imports) = upload_all_at_once(&server, &eight_members, SIZE);
    let peak = memory_kib(pid, "VmHWM");
    eprintln!(
        "8 members sending 2 uploads of 60 MB each at once: at most {} MB ({statuses:?})",
        peak / 1024
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 202).count(),
        8,
        "{statuses:?}"
    );
    assert!(
        imports
            .iter()
            .all(|import| import.contains("This file names no albums.")),
        "{imports:?}"
    );
    assert!(
        peak < bound,
        "the server grew from {} MB to {} MB",
        before / 1024,
        peak / 1024
    );
    assert!(server.stop().success());
}

/// Sends a request with `headers` header lines of `bytes` each; the
/// answer's status and head, or none when the server closed without one.
fn with_large_head(server: &RunningServer, headers: usize, bytes: usize) -> Option<(u16, String)> {
    let mut stream = connect(server);
    let mut head = String::from("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    for n in 0..headers {
        head.push_str(&format!("X-Filler-{n}: {}\r\n", "a".repeat(bytes)));
    }
    head.push_str("Connection: close\r\n\r\n");
    // The server may answer and close before the whole head is sent.
    let _ = stream.write_all(head.as_bytes());
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer.get(9..12)?.parse().ok()?;
    Some((status, answer))
}

#[test]
fn request_heads_are_bounded_and_refusals_carry_the_security_headers() {
    let data = tempfile::tempdir().unwrap();
    let server = RunningServer::start(data.path(), Stdio::null(), &[]);
    // Within the limits (32 KiB in all, 8 KiB a line): answered.
    let (status, _) = with_large_head(&server, 3, 8_000).expect("an answer");
    assert_eq!(status, 200);
    // Over them within the parser's buffer: the API's refusal, with the
    // security headers every answer carries.
    for (headers, bytes, said) in [(1, 9_000, "a line"), (5, 7_000, "in all")] {
        let (status, answer) = with_large_head(&server, headers, bytes).expect("an answer");
        assert_eq!(status, 431, "{answer}");
        assert!(answer.contains(said), "{answer}");
        let lower = answer.to_ascii_lowercase();
        assert!(
            lower.contains("x-content-type-options: nosniff"),
            "{answer}"
        );
        assert!(lower.contains("content-security-policy:"), "{answer}");
    }
    // Far over them (500 KB, which was once answered 200): refused, never served.
    for headers in [10, 60] {
        if let Some((status, answer)) = with_large_head(&server, headers, 8_000) {
            assert_eq!(status, 431, "{}", &answer[..answer.len().min(300)]);
        }
    }
    let (status, _) = with_large_head(&server, 0, 0).expect("still serving");
    assert_eq!(status, 200);
    assert!(server.stop().success());
}
