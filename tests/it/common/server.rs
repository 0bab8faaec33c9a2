//! The real binary serving on a free port, spoken to over raw HTTP/1.1.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Output, Stdio};

pub struct RunningServer {
    child: Child,
    pub port: u16,
}

impl RunningServer {
    /// Starts `halfstar serve` on 127.0.0.1:0 and waits for the line naming its address.
    pub fn start(data_dir: &Path, stderr: Stdio, env: &[(&str, &str)]) -> Self {
        Self::start_binary(
            Path::new(env!("CARGO_BIN_EXE_halfstar")),
            data_dir,
            stderr,
            env,
        )
    }

    /// As `start`, with a given build of the binary.
    pub fn start_binary(
        binary: &Path,
        data_dir: &Path,
        stderr: Stdio,
        env: &[(&str, &str)],
    ) -> Self {
        Self::start_listening(binary, data_dir, "127.0.0.1:0", stderr, env)
    }

    /// As `start_binary`, listening on `listen` (`[::1]:0` for IPv6).
    pub fn start_listening(
        binary: &Path,
        data_dir: &Path,
        listen: &str,
        stderr: Stdio,
        env: &[(&str, &str)],
    ) -> Self {
        let mut command = Command::new(binary);
        command
            .arg("--data-dir")
            .arg(data_dir)
            .args(["serve", "--listen", listen])
            .envs(env.iter().copied())
            .stderr(stderr);
        Self::start_command(command)
    }

    /// Runs `command`, which must end by serving, and waits for the line
    /// naming its address.
    pub fn start_command(mut command: Command) -> Self {
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut first_line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first_line)
            .unwrap();
        let port = first_line
            .rsplit(':')
            .next()
            .and_then(|p| p.trim().parse().ok())
            .unwrap_or_else(|| panic!("no port in {first_line:?}"));
        Self { child, port }
    }

    /// One request on a fresh connection; the whole answer, head and body.
    pub fn http(&self, method: &str, path: &str, token: Option<&str>, body: &str) -> String {
        http_from(self.port, [127, 0, 0, 1].into(), method, path, token, body)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL: the process ends mid-write, as in a power cut or an OOM kill.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// SIGTERM, then the exit status once it has shut down.
    pub fn stop(mut self) -> ExitStatus {
        let killed = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        self.child.wait().unwrap()
    }
}

/// A test that ends, or fails, with its server still running leaves no
/// server behind.
impl Drop for RunningServer {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The release binary when `HALFSTAR_RELEASE_BIN` names it (the test
/// command does), so that timings and crashes are those of the build people
/// run; otherwise this test build's.
pub fn release_binary() -> std::path::PathBuf {
    std::env::var_os("HALFSTAR_RELEASE_BIN")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::PathBuf::from(env!("CARGO_BIN_EXE_halfstar")))
}

/// Runs one `halfstar` subcommand on `data_dir` to completion.
pub fn halfstar(data_dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_halfstar"))
        .arg("--data-dir")
        .arg(data_dir)
        .args(args)
        .env_remove("HALFSTAR_DATA_DIR")
        .output()
        .expect("runs")
}

/// One request to the server on `port` from the client address `from` (any
/// 127.0.0.x): the connection is bound to it, so the server sees it as the
/// peer. The whole answer, head and body.
pub fn http_from(
    port: u16,
    from: std::net::IpAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> String {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    http_with_headers(port, from, method, path, &headers, body)
}

/// As `http_from`, with more header lines. From `::1` it speaks to a server
/// listening on `[::1]`.
pub fn http_with_headers(
    port: u16,
    from: std::net::IpAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> String {
    let from = std::net::SocketAddr::new(from, 0);
    let (server, host): (std::net::IpAddr, _) = if from.is_ipv6() {
        (std::net::Ipv6Addr::LOCALHOST.into(), "[::1]")
    } else {
        (std::net::Ipv4Addr::LOCALHOST.into(), "127.0.0.1")
    };
    let socket = socket2::Socket::new(
        socket2::Domain::for_address(from),
        socket2::Type::STREAM,
        None,
    )
    .unwrap();
    socket.bind(&from.into()).unwrap();
    socket
        .connect(&std::net::SocketAddr::new(server, port).into())
        .unwrap();
    let mut stream: TcpStream = socket.into();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    let headers: String = headers
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n{headers}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}
