//! Notifications: one row per event for the member it concerns, written in
//! the transaction of the write that caused it, and read back as sentences
//! with links. What they are about is read at that moment, so a deleted,
//! hidden or private subject, a blocked actor or a kind turned off simply
//! drops out.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::comments::CommentTarget;
use super::users::{Author, author_at};
use super::{follows, users};
use crate::domain::mentions::mentioned;
use crate::domain::{MailKind, NotificationKind};

/// What a notification is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// A member (a follow, a shout's profile).
    Nothing,
    Review(i64),
    Post(i64),
    List(i64),
    Album(i64),
    Shout(i64),
    /// A comment and what it is on.
    Comment(i64, CommentTarget),
    /// A suggested correction, and its album when it is of one.
    ChangeRequest(i64, Option<i64>),
}

#[derive(Default)]
struct Columns {
    album: Option<i64>,
    review: Option<i64>,
    post: Option<i64>,
    list: Option<i64>,
    comment: Option<i64>,
    shout: Option<i64>,
    change_request: Option<i64>,
}

impl Subject {
    fn columns(self) -> Columns {
        let mut columns = Columns::default();
        match self {
            Self::Nothing => {}
            Self::Review(id) => columns.review = Some(id),
            Self::Post(id) => columns.post = Some(id),
            Self::List(id) => columns.list = Some(id),
            Self::Album(id) => columns.album = Some(id),
            Self::Shout(id) => columns.shout = Some(id),
            Self::ChangeRequest(id, album) => {
                columns.change_request = Some(id);
                columns.album = album;
            }
            Self::Comment(id, on) => {
                columns.comment = Some(id);
                match on {
                    CommentTarget::Album(album) => columns.album = Some(album),
                    CommentTarget::Review(review) => columns.review = Some(review),
                    CommentTarget::Post(post) => columns.post = Some(post),
                    CommentTarget::List(list) => columns.list = Some(list),
                }
            }
        }
        columns
    }
}

/// One member tells another at most this many things an hour, of every
/// kind together (comments, replies, likes, shouts, follows, mentions).
/// Beyond it the events are not told: they are still on their pages, and
/// the member has heard from that actor plenty already. This is what stops
/// one script from flooding a member, however many lists, comments or
/// posts it writes @naming them.
pub const MOST_FROM_ONE_MEMBER_AN_HOUR: i64 = 10;

/// A member is told at most this many things an hour by all members
/// together, so that a handful of accounts cannot bury them either. New
/// albums of followed artists (told by no member) are not counted.
pub const MOST_FROM_MEMBERS_AN_HOUR: i64 = 100;

/// Tells `recipient` of an event by `actor`, unless it is their own doing
/// or they blocked the actor. A like, a follow or a mention they were told
/// of already (liked, unliked and liked again; a post edited) is not told
/// twice, and nothing is told beyond the hourly bounds above. Answers
/// whether it was written. Call inside the write's transaction: writes are
/// made one at a time by the writer, so the bounds' counts cannot be raced.
pub fn notify(
    conn: &Connection,
    recipient: i64,
    kind: NotificationKind,
    actor: i64,
    subject: Subject,
    now: &str,
) -> rusqlite::Result<bool> {
    if recipient == actor || follows::blocks(conn, recipient, actor)? {
        return Ok(false);
    }
    let c = subject.columns();
    let once = matches!(
        kind,
        NotificationKind::Vote | NotificationKind::Follow | NotificationKind::Mention
    );
    if once {
        let told: bool = conn
            .prepare_cached(
                "SELECT EXISTS (SELECT 1 FROM notifications
                 WHERE user_id = ?1 AND kind = ?2 AND actor_id = ?3 AND album_id IS ?4
                   AND review_id IS ?5 AND post_id IS ?6 AND list_id IS ?7
                   AND comment_id IS ?8 AND shout_id IS ?9)",
            )?
            .query_row(
                params![
                    recipient,
                    kind.as_str(),
                    actor,
                    c.album,
                    c.review,
                    c.post,
                    c.list,
                    c.comment,
                    c.shout
                ],
                |row| row.get(0),
            )?;
        if told {
            return Ok(false);
        }
    }
    if !within_bounds(conn, recipient, actor, now)? {
        return Ok(false);
    }
    conn.prepare_cached(
        "INSERT INTO notifications (user_id, kind, actor_id, album_id, review_id, post_id, list_id,
                                    comment_id, shout_id, change_request_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?
    .execute(params![
        recipient,
        kind.as_str(),
        actor,
        c.album,
        c.review,
        c.post,
        c.list,
        c.comment,
        c.shout,
        c.change_request,
        now
    ])?;
    Ok(true)
}

/// SQL: whether the actor at `?2` may still tell the member at `?1`
/// something at the time `?3`, bounds `?4` (from that actor) and `?5` (from
/// all members) an hour. Each count stops at its bound, on its own index.
const WITHIN_BOUNDS: &str = "
    WITH since(at) AS (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', ?3, '-1 hour'))
    SELECT (SELECT count(*) FROM (
                SELECT 1 FROM notifications
                WHERE actor_id = ?2 AND user_id = ?1 AND created_at > (SELECT at FROM since)
                LIMIT ?4)) < ?4
       AND (SELECT count(*) FROM (
                SELECT 1 FROM notifications
                WHERE user_id = ?1 AND actor_id IS NOT NULL
                  AND created_at > (SELECT at FROM since)
                LIMIT ?5)) < ?5";

/// Whether `actor` may still tell `recipient` something at `now`: neither
/// hourly bound is reached.
fn within_bounds(
    conn: &Connection,
    recipient: i64,
    actor: i64,
    now: &str,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(WITHIN_BOUNDS)?.query_row(
        params![
            recipient,
            actor,
            now,
            MOST_FROM_ONE_MEMBER_AN_HOUR,
            MOST_FROM_MEMBERS_AN_HOUR
        ],
        |row| row.get(0),
    )
}

/// Tells the members `@named` in `text` that `actor` mentioned them there,
/// but not those in `told` (already told of the same event otherwise).
pub fn mentions(
    conn: &Connection,
    text: &str,
    actor: i64,
    subject: Subject,
    told: &[i64],
    now: &str,
) -> rusqlite::Result<()> {
    for name in mentioned(text) {
        if let Some(member) = users::by_username(conn, &name)?
            && !told.contains(&member.id)
        {
            notify(
                conn,
                member.id,
                NotificationKind::Mention,
                actor,
                subject,
                now,
            )?;
        }
    }
    Ok(())
}

/// The members who commented on the target, the most recent first, at most
/// `limit`: those told of a reply there.
pub fn commenters(
    conn: &Connection,
    target: CommentTarget,
    limit: u32,
) -> rusqlite::Result<Vec<i64>> {
    let column = match target {
        CommentTarget::Album(_) => "album_id",
        CommentTarget::Review(_) => "review_id",
        CommentTarget::Post(_) => "post_id",
        CommentTarget::List(_) => "list_id",
    };
    // The thread is read newest first along its index, only as far as it
    // takes to meet `limit` members (and at most twenty comments for each,
    // should a few members talk at length): a busy album's thousands of
    // comments are never all read on the writer's turn, which every other
    // write waits for.
    const COMMENTS_READ_EACH: u32 = 20;
    let mut statement = conn.prepare_cached(&newest_commenters_sql(column))?;
    let mut rows = statement.query(params![target.id(), limit * COMMENTS_READ_EACH])?;
    let mut members = Vec::new();
    while members.len() < limit as usize
        && let Some(row) = rows.next()?
    {
        let member: i64 = row.get(0)?;
        if !members.contains(&member) {
            members.push(member);
        }
    }
    Ok(members)
}

fn newest_commenters_sql(column: &str) -> String {
    format!(
        "SELECT user_id FROM comments WHERE {column} = ?1 AND hidden_at IS NULL
         ORDER BY created_at DESC LIMIT ?2"
    )
}

/// SQL: the notification `n` may be shown to its member: a kind they did
/// not turn off, no actor they blocked, and nothing hidden or private to them
/// in what it is about.
const SHOWN: &str = "n.kind NOT IN (SELECT kind FROM notification_mutes m WHERE m.user_id = n.user_id)
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = n.user_id AND b.blocked_id = n.actor_id)
    AND NOT EXISTS (SELECT 1 FROM comments c WHERE c.id = n.comment_id AND c.hidden_at IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM shouts s WHERE s.id = n.shout_id AND s.hidden_at IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.id = n.review_id AND r.hidden_at IS NOT NULL
                    AND r.user_id <> n.user_id)
    AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = n.post_id AND p.hidden_at IS NOT NULL
                    AND p.user_id <> n.user_id)
    AND NOT EXISTS (SELECT 1 FROM lists l WHERE l.id = n.list_id AND l.user_id <> n.user_id
                    AND (l.visibility = 'private' OR l.hidden_at IS NOT NULL))";

/// One notification row, with the names of what it is about.
#[derive(Clone)]
pub struct Event {
    pub id: i64,
    pub kind: NotificationKind,
    pub actor: Option<Author>,
    pub at: String,
    pub read: bool,
    pub review: Option<i64>,
    pub post: Option<i64>,
    pub comment: Option<i64>,
    pub shout: Option<i64>,
    pub list: Option<i64>,
    /// What it is about, in words ("your review of Kid A") and as a page.
    pub about: About,
}

/// The subject's names, read with the notification.
#[derive(Clone)]
pub struct About {
    pub album_title: Option<String>,
    pub album_page: Option<String>,
    pub artist: Option<String>,
    pub review_album: Option<String>,
    pub review_page: Option<String>,
    pub review_mine: bool,
    pub post_title: Option<String>,
    pub post_mine: bool,
    pub list_title: Option<String>,
    pub list_page: Option<String>,
    pub list_mine: bool,
    pub me: String,
    /// The profile a shout is on.
    pub shouted_on: Option<String>,
    /// A correction's outcome ('accepted' or 'declined'), and its artist's
    /// name and page when it is of an artist.
    pub correction: Option<String>,
    pub corrected_artist: Option<String>,
    pub corrected_artist_page: Option<String>,
}

const EVENT_SELECT: &str = "SELECT n.id, n.kind, n.actor_id, u.username, u.profile_picture_url,
        n.created_at, n.read_at IS NOT NULL, n.review_id, n.post_id, n.comment_id,
        a.title, '/albums/' || ar.slug || '/' || a.slug, ar.name,
        ra.title, '/review/' || ra.slug || '/' || rv.id, rv.user_id = n.user_id,
        p.title, l.title, '/list/' || l.id || '/' || l.slug, l.user_id = n.user_id, me.username,
        p.user_id = n.user_id, n.shout_id, shouted_on.username, n.list_id,
        cr.status, cra.name, '/artists/' || cra.slug
     FROM notifications n
     JOIN users me ON me.id = n.user_id
     LEFT JOIN users u ON u.id = n.actor_id
     LEFT JOIN albums a ON a.id = n.album_id LEFT JOIN artists ar ON ar.id = a.artist_id
     LEFT JOIN reviews rv ON rv.id = n.review_id LEFT JOIN albums ra ON ra.id = rv.album_id
     LEFT JOIN posts p ON p.id = n.post_id
     LEFT JOIN lists l ON l.id = n.list_id
     LEFT JOIN shouts s ON s.id = n.shout_id LEFT JOIN users shouted_on ON shouted_on.id = s.recipient_id
     LEFT JOIN change_requests cr ON cr.id = n.change_request_id
     LEFT JOIN artists cra ON cr.entity_kind = 'artist' AND cra.id = cr.entity_id";

fn event_from_row(row: &Row<'_>) -> rusqlite::Result<Event> {
    let kind: String = row.get(1)?;
    let actor_id: Option<i64> = row.get(2)?;
    Ok(Event {
        id: row.get(0)?,
        kind: kind.parse().unwrap_or(NotificationKind::Mention),
        actor: match actor_id {
            Some(_) => Some(author_at(row, 2)?),
            None => None,
        },
        at: row.get(5)?,
        read: row.get(6)?,
        review: row.get(7)?,
        post: row.get(8)?,
        comment: row.get(9)?,
        shout: row.get(22)?,
        list: row.get(24)?,
        about: About {
            album_title: row.get(10)?,
            album_page: row.get(11)?,
            artist: row.get(12)?,
            review_album: row.get(13)?,
            review_page: row.get(14)?,
            review_mine: row.get::<_, Option<bool>>(15)?.unwrap_or(false),
            post_title: row.get(16)?,
            list_title: row.get(17)?,
            list_page: row.get(18)?,
            list_mine: row.get::<_, Option<bool>>(19)?.unwrap_or(false),
            me: row.get(20)?,
            post_mine: row.get::<_, Option<bool>>(21)?.unwrap_or(false),
            shouted_on: row.get(23)?,
            correction: row.get(25)?,
            corrected_artist: row.get(26)?,
            corrected_artist_page: row.get(27)?,
        },
    })
}

impl Event {
    /// Likes of the same thing, read or unread alike, are told as one.
    fn group_key(&self) -> Option<LikedThing> {
        (self.kind == NotificationKind::Vote).then_some((
            self.review,
            self.post,
            self.list,
            self.read,
        ))
    }
}

/// What a like was of (a review, a post or a list) and whether it was read.
type LikedThing = (Option<i64>, Option<i64>, Option<i64>, bool);

/// A notification as it is told: one row, or likes of one thing grouped.
pub struct Told {
    pub event: Event,
    /// Every row it stands for.
    pub ids: Vec<i64>,
    /// Who did it, the newest first, each once.
    pub actors: Vec<Author>,
}

/// The member's notifications, the newest first, before the row `before`;
/// `notices` puts them into words.
pub fn page(
    conn: &Connection,
    user: i64,
    before: Option<i64>,
    limit: u32,
) -> rusqlite::Result<(Vec<Told>, Option<i64>)> {
    let events: Vec<Event> = conn
        .prepare_cached(&format!(
            "{EVENT_SELECT} WHERE n.user_id = ?1 AND n.id < ?2 AND {SHOWN}
             ORDER BY n.id DESC LIMIT ?3"
        ))?
        .query_map(
            params![user, before.unwrap_or(i64::MAX), limit],
            event_from_row,
        )?
        .collect::<rusqlite::Result<_>>()?;
    let next = (events.len() == limit as usize)
        .then(|| events.last().map(|event| event.id))
        .flatten();
    let mut grouped: Vec<(Event, Vec<i64>, Vec<Author>)> = Vec::new();
    for event in events {
        let key = event.group_key();
        if let Some(key) = key
            && let Some((_, ids, actors)) = grouped
                .iter_mut()
                .find(|(first, _, _)| first.group_key() == Some(key))
        {
            ids.push(event.id);
            if let Some(actor) = event.actor
                && !actors.iter().any(|known| known.user_id == actor.user_id)
            {
                actors.push(actor);
            }
            continue;
        }
        let actors = event.actor.clone().into_iter().collect();
        let id = event.id;
        grouped.push((event, vec![id], actors));
    }
    let items = grouped
        .into_iter()
        .map(|(event, ids, actors)| Told { event, ids, actors })
        .collect();
    Ok((items, next))
}

/// A notification to be mailed, and where.
#[derive(Debug, Clone)]
pub struct ToMail {
    pub id: i64,
    pub email: String,
    pub username: String,
    pub kind: MailKind,
    /// The member's unsubscribe token for the kind.
    pub token: String,
}

/// The notifications after the row `after`, up to the row `up_to`, that
/// their members asked to be mailed (of a kind they want by mail, written
/// since they asked) and may be shown, the oldest first.
pub fn to_mail(conn: &Connection, after: i64, up_to: i64) -> rusqlite::Result<Vec<ToMail>> {
    conn.prepare_cached(&format!(
        "SELECT n.id, me.email, me.username, ms.kind, ms.token
         FROM notifications n
         JOIN mail_subscriptions ms ON ms.user_id = n.user_id AND ms.kind = {mail_kind}
         JOIN users me ON me.id = n.user_id
         WHERE n.id > ?1 AND n.id <= ?2 AND ms.subscribed AND n.created_at >= ms.subscribed_at
           AND {SHOWN}
         ORDER BY n.id",
        mail_kind = MailKind::of_notification_sql()
    ))?
    .query_map(params![after, up_to], |row| {
        let kind: String = row.get(3)?;
        Ok(ToMail {
            id: row.get(0)?,
            email: row.get(1)?,
            username: row.get(2)?,
            kind: kind.parse().unwrap_or(MailKind::Digest),
            token: row.get(4)?,
        })
    })?
    .collect()
}

/// The newest notification's row, or 0.
pub fn last_id(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT ifnull(max(id), 0) FROM notifications")?
        .query_row([], |row| row.get(0))
}

/// One notification as it is told, if it may still be shown.
pub fn one(conn: &Connection, id: i64) -> rusqlite::Result<Option<Told>> {
    conn.prepare_cached(&format!("{EVENT_SELECT} WHERE n.id = ?1 AND {SHOWN}"))?
        .query_row([id], event_from_row)
        .optional()
        .map(|event| {
            event.map(|event| Told {
                ids: vec![event.id],
                actors: event.actor.clone().into_iter().collect(),
                event,
            })
        })
}

/// How many notifications (likes of one thing counting once) wait unread.
pub fn unread(conn: &Connection, user: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached(&format!(
        "SELECT count(*) FROM (
             SELECT 1 FROM notifications n WHERE n.user_id = ?1 AND n.read_at IS NULL AND {SHOWN}
             GROUP BY CASE WHEN n.kind = 'vote'
                           THEN 'vote ' || ifnull(n.review_id, '') || ' ' || ifnull(n.post_id, '')
                                || ' ' || ifnull(n.list_id, '')
                           ELSE n.id END)"
    ))?
    .query_row([user], |row| row.get(0))
}

/// Marks the member's notifications read: those with the ids, or all.
pub fn mark_read(
    conn: &Connection,
    user: i64,
    ids: Option<&[i64]>,
    now: &str,
) -> rusqlite::Result<usize> {
    match ids {
        None => conn
            .prepare_cached(
                "UPDATE notifications SET read_at = ?2 WHERE user_id = ?1 AND read_at IS NULL",
            )?
            .execute(params![user, now]),
        Some(ids) => conn
            .prepare_cached(
                "UPDATE notifications SET read_at = ?2
                 WHERE user_id = ?1 AND read_at IS NULL AND id IN (SELECT value FROM json_each(?3))",
            )?
            .execute(params![
                user,
                now,
                serde_json::to_string(ids).expect("ids serialize")
            ]),
    }
}

/// Which kinds the member is told of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Switches {
    pub comment: bool,
    pub reply: bool,
    pub vote: bool,
    pub shout: bool,
    pub follow: bool,
    pub mention: bool,
    pub new_album: bool,
    /// Left out by clients from before it existed: on.
    #[serde(default = "switched_on")]
    pub correction: bool,
    /// Left out by clients from before it existed: on.
    #[serde(default = "switched_on")]
    pub release_day: bool,
}

fn switched_on() -> bool {
    true
}

impl Switches {
    fn get(&self, kind: NotificationKind) -> bool {
        match kind {
            NotificationKind::Comment => self.comment,
            NotificationKind::Reply => self.reply,
            NotificationKind::Vote => self.vote,
            NotificationKind::Shout => self.shout,
            NotificationKind::Follow => self.follow,
            NotificationKind::Mention => self.mention,
            NotificationKind::NewAlbum => self.new_album,
            NotificationKind::Correction => self.correction,
            NotificationKind::ReleaseDay => self.release_day,
        }
    }

    fn set(&mut self, kind: NotificationKind, on: bool) {
        let switch = match kind {
            NotificationKind::Comment => &mut self.comment,
            NotificationKind::Reply => &mut self.reply,
            NotificationKind::Vote => &mut self.vote,
            NotificationKind::Shout => &mut self.shout,
            NotificationKind::Follow => &mut self.follow,
            NotificationKind::Mention => &mut self.mention,
            NotificationKind::NewAlbum => &mut self.new_album,
            NotificationKind::Correction => &mut self.correction,
            NotificationKind::ReleaseDay => &mut self.release_day,
        };
        *switch = on;
    }
}

pub fn switches(conn: &Connection, user: i64) -> rusqlite::Result<Switches> {
    let muted: Vec<String> = conn
        .prepare_cached("SELECT kind FROM notification_mutes WHERE user_id = ?1")?
        .query_map([user], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut switches = Switches {
        comment: true,
        reply: true,
        vote: true,
        shout: true,
        follow: true,
        mention: true,
        new_album: true,
        correction: true,
        release_day: true,
    };
    for kind in muted.iter().filter_map(|kind| kind.parse().ok()) {
        switches.set(kind, false);
    }
    Ok(switches)
}

pub fn set_switches(conn: &Connection, user: i64, switches: &Switches) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM notification_mutes WHERE user_id = ?1")?
        .execute([user])?;
    let mut mute =
        conn.prepare_cached("INSERT INTO notification_mutes (user_id, kind) VALUES (?1, ?2)")?;
    for kind in NotificationKind::ALL {
        if !switches.get(kind) {
            mute.execute(params![user, kind.as_str()])?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::users::{self, NewUser};
    use crate::db::{query_plan as plan, test_connection};
    use crate::domain::Role;

    fn members(conn: &Connection, how_many: usize) -> Vec<i64> {
        (0..how_many)
            .map(|n| {
                let (username, email) = (format!("member{n}"), format!("member{n}@example.org"));
                let user = NewUser {
                    username: &username,
                    email: &email,
                    password_hash: "not-a-hash",
                    profile_picture_url: "",
                    role: Role::User,
                };
                users::insert(conn, &user, "2030-01-01T00:00:00.000Z").unwrap()
            })
            .collect()
    }

    fn told(conn: &Connection, recipient: i64) -> i64 {
        conn.query_row(
            "SELECT count(*) FROM notifications WHERE user_id = ?1",
            [recipient],
            |row| row.get(0),
        )
        .unwrap()
    }

    /// A shout each time: a kind told every time it happens.
    fn shout(conn: &Connection, recipient: i64, actor: i64, at: &str) -> bool {
        notify(
            conn,
            recipient,
            NotificationKind::Shout,
            actor,
            Subject::Nothing,
            at,
        )
        .unwrap()
    }

    #[test]
    fn a_threads_latest_commenters_are_read_newest_first_without_reading_it_all() {
        let conn = test_connection();
        let ids = members(&conn, 4);
        let album = crate::db::seed::fixtures::album(&conn, "Radiohead", "Kid A");
        let on = CommentTarget::Album(album);
        let say = |member: i64, second: u32| {
            let at = format!("2030-01-01T10:{:02}:{:02}.000Z", second / 60, second % 60);
            crate::db::comments::insert(&conn, member, on, "Agreed.", &at).unwrap();
        };
        say(ids[0], 0);
        say(ids[1], 1);
        say(ids[2], 2);
        say(ids[0], 3);
        assert_eq!(commenters(&conn, on, 50).unwrap(), [ids[0], ids[2], ids[1]]);
        assert_eq!(commenters(&conn, on, 2).unwrap(), [ids[0], ids[2]]);
        // One member talking at length hides the earlier ones past twenty
        // comments a member asked for: a bounded read.
        for second in 4..104 {
            say(ids[3], second);
        }
        assert_eq!(commenters(&conn, on, 2).unwrap(), [ids[3]]);
        assert_eq!(commenters(&conn, on, 5).unwrap(), [ids[3]]);
        assert_eq!(
            commenters(&conn, on, 6).unwrap(),
            [ids[3], ids[0], ids[2], ids[1]]
        );

        let walk = plan(&conn, &newest_commenters_sql("album_id"));
        assert!(walk.contains("comments_by_album"), "{walk}");
        assert!(!walk.contains("TEMP B-TREE"), "{walk}");
    }

    #[test]
    fn one_member_tells_another_a_bounded_number_of_things_an_hour() {
        let conn = test_connection();
        let ids = members(&conn, 3);
        let (recipient, actor, other) = (ids[0], ids[1], ids[2]);
        let told_at = |minute: u32| format!("2030-01-01T10:{minute:02}:00.000Z");
        for minute in 0..30 {
            shout(&conn, recipient, actor, &told_at(minute));
        }
        assert_eq!(told(&conn, recipient), MOST_FROM_ONE_MEMBER_AN_HOUR);
        // Someone else still gets through.
        assert!(shout(&conn, recipient, other, &told_at(30)));
        // An hour after the first ones, there is room again.
        assert!(!shout(&conn, recipient, actor, "2030-01-01T10:59:59.999Z"));
        assert!(shout(&conn, recipient, actor, "2030-01-01T11:00:00.001Z"));
    }

    #[test]
    fn a_member_is_told_a_bounded_number_of_things_an_hour_by_everyone() {
        let conn = test_connection();
        let ids = members(&conn, 2 + MOST_FROM_MEMBERS_AN_HOUR as usize);
        let recipient = ids[0];
        // A new album of a followed artist is told by no member: not counted.
        conn.execute(
            "INSERT INTO notifications (user_id, kind, created_at)
             VALUES (?1, 'new-album', '2030-01-01T10:00:00.000Z')",
            [recipient],
        )
        .unwrap();
        for (n, &actor) in ids[1..].iter().enumerate() {
            let at = format!("2030-01-01T10:{:02}:{:02}.000Z", n / 60, n % 60);
            let written = shout(&conn, recipient, actor, &at);
            assert_eq!(written, (n as i64) < MOST_FROM_MEMBERS_AN_HOUR, "{n}");
        }
        assert_eq!(told(&conn, recipient), MOST_FROM_MEMBERS_AN_HOUR + 1);
    }

    /// What SQLite plans for a statement, one step per line.
    #[test]
    fn the_bounds_are_counted_on_their_indexes() {
        let conn = test_connection();
        let plan = plan(&conn, WITHIN_BOUNDS);
        assert!(
            plan.contains("COVERING INDEX notifications_from_actor"),
            "{plan}"
        );
        assert!(
            plan.contains("COVERING INDEX notifications_from_members"),
            "{plan}"
        );
        assert!(!plan.contains("SCAN notifications"), "{plan}");
    }
}
