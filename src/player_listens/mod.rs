//! Plays from members' music players and scrobblers, received through the
//! ListenBrainz-compatible API: reading a submission, matching each play to
//! a catalogue album, and the members' player tokens.

pub mod payload;
pub mod sittings;

use std::collections::HashMap;

use rand_core::{OsRng, RngCore};
use rusqlite::Connection;

use crate::db::member_import;
use crate::db::player_listens::Play;
use crate::domain::match_key::{artist_key, title_key};
use payload::Listen;

/// A new player token, shaped as ListenBrainz's are (a UUID: 122 random
/// bits), since some players check the shape of what is pasted.
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    OsRng.fill_bytes(&mut bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// The catalogue album a listen is of: by its release group when the player
/// sent one, else by artist and album names when exactly one album has
/// them (the member import's match keys). Never a guess: a near name or two
/// albums of the same names leave the play unmatched, for the member to see.
pub fn album_of(conn: &Connection, listen: &Listen) -> rusqlite::Result<Option<i64>> {
    if let Some(group) = &listen.release_group_mbid
        && let Some(album) = member_import::by_release_group(conn, group)?
    {
        return Ok(Some(album.album_id));
    }
    if listen.release_name.is_empty() {
        return Ok(None);
    }
    let same = member_import::by_match_keys(
        conn,
        &artist_key(&listen.artist_name),
        &title_key(&listen.release_name),
    )?;
    Ok(match same.as_slice() {
        [only] => Some(only.album_id),
        _ => None,
    })
}

/// The plays of a submission's listens (those with a time), matched. An
/// import names the same album track after track: each is looked up once.
pub fn plays(conn: &Connection, listens: Vec<Listen>) -> rusqlite::Result<Vec<Play>> {
    let mut found: HashMap<(Option<String>, String, String), Option<i64>> = HashMap::new();
    listens
        .into_iter()
        .filter_map(|listen| {
            let listened_at = listen.listened_at.clone()?;
            let names = (
                listen.release_group_mbid.clone(),
                listen.artist_name.clone(),
                listen.release_name.clone(),
            );
            let album_id = match found.get(&names) {
                Some(album_id) => Ok(*album_id),
                None => album_of(conn, &listen).inspect(|album_id| {
                    found.insert(names, *album_id);
                }),
            };
            Some(album_id.map(|album_id| play_of(listened_at, listen, album_id)))
        })
        .collect()
}

/// The play a listen with a time was, counted for `album_id`.
pub fn play_of(listened_at: String, listen: Listen, album_id: Option<i64>) -> Play {
    Play {
        listened_at,
        artist_name: listen.artist_name,
        release_name: listen.release_name,
        track_name: listen.track_name,
        release_group_mbid: listen.release_group_mbid,
        release_mbid: listen.release_mbid,
        recording_mbid: listen.recording_mbid,
        duration_ms: listen.duration_ms,
        player: listen.player,
        album_id,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_version_4_uuids() {
        let (one, other) = (new_token(), new_token());
        assert_ne!(one, other);
        assert_eq!(one.len(), 36);
        assert_eq!(&one[14..15], "4");
        assert!("89ab".contains(&one[19..20]), "{one}");
        assert_eq!(one.matches('-').count(), 4);
    }
}
