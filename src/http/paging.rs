//! `?limit=` and `?page=` (pages count from 1), or `?limit=` and
//! `?offset=` for lists a page follows on from what it shows, bounded per list.

use serde::Deserialize;
use utoipa::IntoParams;

use crate::db::Page;
use crate::error::{AppError, AppResult};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// How many to answer.
    #[param(minimum = 1)]
    pub limit: Option<u32>,
    /// Which page, from 1.
    #[param(minimum = 1)]
    pub page: Option<u32>,
}

impl PageQuery {
    pub fn page(&self, default_limit: u32, most: u32) -> AppResult<Page> {
        let limit = self.limit.unwrap_or(default_limit);
        if !(1..=most).contains(&limit) {
            return Err(AppError::BadRequest(format!("limit must be 1 to {most}")));
        }
        let page = self.page.unwrap_or(1);
        if page == 0 {
            return Err(AppError::BadRequest("page starts at 1".to_owned()));
        }
        let offset = (page - 1)
            .checked_mul(limit)
            .ok_or_else(|| AppError::BadRequest("page is too large".to_owned()))?;
        Ok(Page { limit, offset })
    }
}

/// `?limit=` and `?offset=`: for lists whose items leave as the member acts
/// on them (a queue), read on from how many are shown.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OffsetQuery {
    /// How many to answer, 1 to 100.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// How many to skip.
    #[param(minimum = 0)]
    pub offset: Option<u32>,
}

impl OffsetQuery {
    /// Lists read this way answer at most this many at once.
    const MOST: u32 = 100;

    pub fn page(&self, default_limit: u32) -> AppResult<Page> {
        let limit = self.limit.unwrap_or(default_limit);
        if !(1..=Self::MOST).contains(&limit) {
            return Err(AppError::BadRequest(format!(
                "limit must be 1 to {}",
                Self::MOST
            )));
        }
        Ok(Page {
            limit,
            offset: self.offset.unwrap_or(0),
        })
    }
}
