//! `?limit=` and `?page=` (pages count from 1), bounded per list.

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
