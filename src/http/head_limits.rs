//! How large a request's head may be: nginx's defaults, 8 KiB a line and
//! 32 KiB in all. Larger heads are refused before anything reads them, so
//! a thousand slow connections hold at most tens of megabytes between them,
//! not half a gigabyte. Within the HTTP parser's buffer the refusal is a
//! 414 or 431 with the security headers and a message; past the buffer the
//! parser itself answers a bare 431 and closes the connection.

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::AppError;

/// The longest request line (its address) or header line, in bytes.
pub const MOST_LINE_BYTES: usize = 8 * 1024;
/// The most bytes of a head in all: request line and header lines.
pub const MOST_HEAD_BYTES: usize = 32 * 1024;
/// The HTTP parser's read buffer per connection: a head has to fit in it
/// with room to spare, so heads just past the limits reach
/// `refuse_large_heads` and are answered in the API's format.
pub const PARSER_BUFFER_BYTES: usize = MOST_HEAD_BYTES + MOST_LINE_BYTES;

/// `\r\n`, and `: ` between a header's name and value.
const LINE_END: usize = 2;
const NAME_VALUE_SEPARATOR: usize = 2;
/// ` HTTP/1.1` after a request line's address.
const VERSION: usize = 9;

/// The middleware: 414 for a request line over the line limit, 431 for a
/// header line over it or a head over its whole limit.
pub async fn refuse_large_heads(request: Request, next: Next) -> Response {
    match checked(&request) {
        Ok(()) => next.run(request).await,
        Err(refused) => refused.into_response(),
    }
}

fn checked(request: &Request) -> Result<(), AppError> {
    let uri = request.uri();
    let target = uri.authority().map_or(0, |a| a.as_str().len())
        + uri.path_and_query().map_or(0, |p| p.as_str().len());
    let request_line = request.method().as_str().len() + 1 + target + VERSION;
    if request_line > MOST_LINE_BYTES {
        return Err(AppError::UriTooLong(format!(
            "The request's address is too long (at most {} KiB)",
            MOST_LINE_BYTES / 1024
        )));
    }
    let mut head = request_line + LINE_END;
    for (name, value) in request.headers() {
        let line = name.as_str().len() + NAME_VALUE_SEPARATOR + value.len();
        if line > MOST_LINE_BYTES {
            return Err(AppError::HeadersTooLarge(format!(
                "The {name} header is too large (at most {} KiB a line)",
                MOST_LINE_BYTES / 1024
            )));
        }
        head += line + LINE_END;
    }
    if head + LINE_END > MOST_HEAD_BYTES {
        return Err(AppError::HeadersTooLarge(format!(
            "The request's headers are too large (at most {} KiB in all)",
            MOST_HEAD_BYTES / 1024
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::StatusCode;

    fn with_headers(lines: &[(&'static str, usize)]) -> Request {
        let mut request = Request::get("/api/health").body(Body::empty()).unwrap();
        for (name, bytes) in lines {
            request
                .headers_mut()
                .append(*name, "a".repeat(*bytes).parse().unwrap());
        }
        request
    }

    fn status(request: &Request) -> Option<StatusCode> {
        checked(request).err().map(|refused| refused.status())
    }

    #[test]
    fn heads_within_the_limits_pass() {
        assert_eq!(status(&with_headers(&[("cookie", 8_000)])), None);
        let many: Vec<(&'static str, usize)> = (0..3).map(|_| ("x-note", 8_000)).collect();
        assert_eq!(status(&with_headers(&many)), None);
    }

    #[test]
    fn a_long_line_or_a_large_head_is_refused() {
        let large = StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE;
        assert_eq!(status(&with_headers(&[("cookie", 8_200)])), Some(large));
        let many: Vec<(&'static str, usize)> = (0..5).map(|_| ("x-note", 8_000)).collect();
        assert_eq!(status(&with_headers(&many)), Some(large));
        let long_address = Request::get(format!("/api/search?q={}", "a".repeat(8_200)))
            .body(Body::empty())
            .unwrap();
        assert_eq!(status(&long_address), Some(StatusCode::URI_TOO_LONG));
    }
}
