//! The read path: how an answer is served without being computed for each
//! reader, and how it stays fresh. Four mechanisms, each in its module:
//!
//! - **Kept answers** (`kept_answers`): a whole response, kept by its URI
//!   and shared by every reader who sees no more than a visitor (admins and
//!   authors of hidden items get their own). A read may name the albums,
//!   members and lists it shows (`Depends`) and a write the ones it changed
//!   (`Touched`): an answer ends when a write touches what it shows, at any
//!   write when either names nothing, and at any write by another process
//!   (the CLI). A write that changed no row ends nothing. Answers live at
//!   most `--ranking-seconds`.
//! - **The reader's own state** (`own_ratings`): the one thing that differs
//!   between members in a shared answer, their ratings of its albums, read
//!   in one indexed query and put into the shared bytes.
//! - **Kept orders** (`rankings`): the order of the charts, the popular
//!   albums and search results, kept `--ranking-seconds` and then computed
//!   again in the background while the old one is served. The orders that
//!   would be slow to compute when first asked for (every chart scope, the
//!   busy search beginnings) are swept ahead of readers at start-up and
//!   every twenty keeping times. Only orders are kept: the rows are read
//!   fresh, so visibility is always exact. A catalogue change forgets them.
//! - **Kept sessions** (`kept_sessions`): who a bearer token is, kept a
//!   short while and ended at once by the member's own account changes or
//!   any other process's write. Writes always read the session afresh.
//!
//! - **Chart figures** (`chart_facts`): every album's figures in compact
//!   rows in memory, for the shaped charts, whose filters combine too many
//!   ways for a kept order each. Read whole at start-up; then each reader
//!   first reads again the albums that triggers named as changed since, so
//!   every write shows in the next read.
//!
//! A member always sees their own write in their next read: a write ends
//! the kept answers that show what it changed before it is answered.

pub mod chart_facts;
pub mod kept_answers;
pub mod kept_sessions;
pub mod own_ratings;
pub mod rankings;
