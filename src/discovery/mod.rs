//! What keeps a community's catalogue and its members' discoveries current
//! without anyone asking: the check for new releases, the release-day
//! notices and the recommendations. Each module holds its rules and one
//! round of its work; `server::tasks` runs the rounds in the background.

pub mod new_releases;
pub mod recommendations;
pub mod release_days;
