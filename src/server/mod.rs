//! The server as a whole: `state`, what every request and task may reach;
//! `router`, the whole application; and `tasks`, the work it does in the background while it serves, each
//! task of one shape, started together and stopped together before the
//! database closes.

pub mod router;
pub mod state;
pub mod tasks;

pub use router::app;
pub use state::{AppParts, AppState};
