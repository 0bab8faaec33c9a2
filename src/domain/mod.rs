//! Checked types and rules of the product, free of I/O.

pub mod account;
pub mod album_type;
pub mod catalogue;
pub mod compatibility;
pub mod descriptors;
pub mod device;
pub mod genre_votes;
pub mod list_visibility;
pub mod listening;
pub mod mail_kind;
pub mod match_key;
pub mod mentions;
pub mod notification_kind;
pub mod rating_value;
pub mod recommendations;
pub mod release_date;
pub mod report;
pub mod role;
pub mod shaped_chart;
pub mod signup_mode;
pub mod sittings;
pub mod slug;
pub mod text;
pub mod timestamp;
pub mod words;

pub use account::{Email, Password, PictureUrl, Username};
pub use album_type::AlbumType;
pub use list_visibility::ListVisibility;
pub use mail_kind::MailKind;
pub use notification_kind::NotificationKind;
pub use rating_value::RatingValue;
pub use release_date::{DatePrecision, ReleaseDate};
pub use report::{ItemKind, ReportReason};
pub use role::Role;
pub use signup_mode::SignupMode;
