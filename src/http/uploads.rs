//! Receiving a file sent as a request body: written to disk a batch at a
//! time as it arrives, never held whole in memory, and refused the moment
//! it passes its limit.

use std::fs::File;
use std::io::Write;

use axum::body::Body;
use http_body_util::BodyExt;

use crate::error::{AppError, AppResult};

/// What is gathered before it goes to disk: a few of these at once, one per
/// file being received, are all an upload costs in memory.
const BATCH_BYTES: usize = 256 * 1024;

/// Receives `body` into `file` and gives the file back, answering with
/// `too_large()` as soon as more than `most_bytes` have arrived (the file is
/// then dropped with what was written). `judge_head` sees the first
/// `head_bytes` (all of a shorter body) as soon as they are in, and may
/// refuse the file before the rest is read.
pub async fn receive<T>(
    mut body: Body,
    mut file: File,
    most_bytes: usize,
    head_bytes: usize,
    too_large: impl Fn() -> AppError,
    judge_head: impl FnOnce(&[u8]) -> AppResult<T>,
) -> AppResult<(File, T)> {
    let mut batch: Vec<u8> = Vec::with_capacity(BATCH_BYTES);
    let mut received = 0usize;
    let mut head: Vec<u8> = Vec::with_capacity(head_bytes);
    let mut judge = Some(judge_head);
    let mut judged = None;
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|_| {
            AppError::BadRequest("The file stopped arriving before its end.".to_owned())
        })?;
        let Ok(data) = frame.into_data() else {
            continue;
        };
        received += data.len();
        if received > most_bytes {
            return Err(too_large());
        }
        if head.len() < head_bytes {
            let room = head_bytes - head.len();
            head.extend_from_slice(&data[..data.len().min(room)]);
            if head.len() == head_bytes
                && let Some(judge) = judge.take()
            {
                judged = Some(judge(&head)?);
            }
        }
        batch.extend_from_slice(&data);
        if batch.len() >= BATCH_BYTES {
            (file, batch) = write_batch(file, batch).await?;
        }
    }
    let judged = match (judged, judge) {
        (Some(judged), _) => judged,
        (None, Some(judge)) => judge(&head)?,
        (None, None) => unreachable!("the head is judged once"),
    };
    if !batch.is_empty() {
        (file, _) = write_batch(file, batch).await?;
    }
    Ok((file, judged))
}

/// Writes `batch` on a blocking thread; the file and the emptied batch come back.
async fn write_batch(file: File, batch: Vec<u8>) -> AppResult<(File, Vec<u8>)> {
    let written = tokio::task::spawn_blocking(move || {
        let (mut file, mut batch) = (file, batch);
        file.write_all(&batch)?;
        batch.clear();
        Ok::<_, std::io::Error>((file, batch))
    })
    .await
    .map_err(|error| AppError::Internal(error.into()))?;
    written.map_err(disk_error)
}

/// 507 when the disk is full (`AppError`'s conversion tells), 500 otherwise.
pub fn disk_error(error: std::io::Error) -> AppError {
    anyhow::Error::from(error)
        .context("writing an upload to disk")
        .into()
}
