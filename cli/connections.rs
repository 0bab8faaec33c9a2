//! Accepting connections: HTTP/1.1 with deadlines for every request head and
//! for every write of an answer, so clients that stall while sending or
//! receiving cannot hold connections open, and a graceful stop that lets
//! requests in flight finish.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::{TcpListener, TcpSocket};
use tokio_io_timeout::TimeoutStream;
use tower::ServiceExt;

/// After a failed accept (out of file descriptors, most often), wait this
/// long before the next so that the loop does not spin while none are free.
const ACCEPT_ERROR_PAUSE: Duration = Duration::from_millis(50);

/// Connections the kernel completes and queues before they are accepted. The
/// usual 128 overflows when a crowd arrives at once: those past it wait a
/// second or more for a retried handshake. The kernel caps it at somaxconn.
const ACCEPT_BACKLOG: u32 = 1024;

pub fn listen(address: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if address.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    // A restarted server binds at once, not after the old connections' TIME_WAIT.
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(ACCEPT_BACKLOG)
}

/// Serves `router` until `shutdown` resolves, then waits for the
/// connections to finish their requests.
///
/// `client_timeout` bounds the time from a connection's opening, or from the
/// end of its last answer, to the end of its next request's head, which
/// closes connections that trickle their headers and idle keep-alive ones
/// alike; it also bounds each wait to write an answer to a client that does
/// not read it. Bodies are bounded by the router's request timeout.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    client_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(client_timeout)
        // Heads past the limits are refused by the router's own layer (with
        // the security headers); a head past this buffer, by the parser.
        .max_buf_size(halfstar::http::head_limits::PARSER_BUFFER_BYTES);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    tracing::warn!("cannot accept a connection: {error}");
                    tokio::time::sleep(ACCEPT_ERROR_PAUSE).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Answers are written whole; waiting to fill packets only adds latency.
        stream.set_nodelay(true).ok();
        let mut stream = TimeoutStream::new(stream);
        stream.set_write_timeout(Some(client_timeout));
        let router = router.clone();
        // The client's address goes where `ConnectInfo` extractors (the rate
        // limits) look for it.
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(remote));
            router.clone().oneshot(request)
        });
        let connection = http.serve_connection(TokioIo::new(Box::pin(stream)), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!("connection from {remote} ended: {error}");
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
}
