//! A `submit-listens` body as ListenBrainz defines it: `{"listen_type":
//! "single" | "playing_now" | "import", "payload": [listen, ...]}`, each
//! listen `{"listened_at": unix seconds, "track_metadata": {"artist_name",
//! "track_name", "release_name"?, "additional_info"?: {...}}}`. Read from
//! JSON values rather than typed structs, because players send the optional
//! parts in many shapes (an empty string or list for "none", numbers as
//! strings); every field kept is checked and bounded.

use serde_json::{Map, Value};
use time::OffsetDateTime;

use crate::domain::{catalogue, text, timestamp};

/// ListenBrainz's cap on the listens of one `import` request.
pub const MOST_LISTENS_PER_REQUEST: usize = 1000;
/// ListenBrainz refuses listens before October 2002 (its own beginning).
pub const EARLIEST_LISTEN: i64 = 1_033_430_400;
/// Players' clocks drift; a listen further ahead than this is refused.
const MOST_SECONDS_AHEAD: i64 = 24 * 60 * 60;
/// Artist, album and track names longer than this are refused.
pub const MOST_NAME_CHARS: usize = 500;
const MOST_PLAYER_CHARS: usize = 100;
/// Twenty-four hours, in milliseconds: longer durations are dropped.
const MOST_DURATION_MS: i64 = 24 * 60 * 60 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListenType {
    Single,
    PlayingNow,
    Import,
}

/// One listen, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Listen {
    /// As stored (`timestamp::format`); none for `playing_now`.
    pub listened_at: Option<String>,
    pub artist_name: String,
    /// Empty when the player named no album.
    pub release_name: String,
    pub track_name: String,
    pub release_group_mbid: Option<String>,
    pub release_mbid: Option<String>,
    pub recording_mbid: Option<String>,
    pub duration_ms: Option<i64>,
    pub player: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Submission {
    pub listen_type: ListenType,
    pub listens: Vec<Listen>,
}

/// Reads and checks a submission; the error says what is wrong, naming the
/// listen by its place in `payload` (counting from 0, as ListenBrainz does).
pub fn read(body: &[u8], now: OffsetDateTime) -> Result<Submission, String> {
    let document: Value = serde_json::from_slice(body)
        .map_err(|error| format!("Cannot parse JSON document: {error}"))?;
    let Value::Object(document) = document else {
        return Err("The JSON document must be an object".to_owned());
    };
    let listen_type = match document.get("listen_type").and_then(Value::as_str) {
        Some("single") => ListenType::Single,
        Some("playing_now") => ListenType::PlayingNow,
        Some("import") => ListenType::Import,
        _ => {
            return Err(
                "listen_type must be one of \"single\", \"playing_now\" or \"import\"".to_owned(),
            );
        }
    };
    let Some(Value::Array(payload)) = document.get("payload") else {
        return Err("payload must be a list of listens".to_owned());
    };
    if payload.is_empty() {
        return Err("payload has no listens".to_owned());
    }
    if listen_type != ListenType::Import && payload.len() > 1 {
        return Err("A single or playing_now submission carries exactly one listen".to_owned());
    }
    if payload.len() > MOST_LISTENS_PER_REQUEST {
        return Err(format!(
            "Too many listens: at most {MOST_LISTENS_PER_REQUEST} in one request"
        ));
    }
    let listens = payload
        .iter()
        .enumerate()
        .map(|(n, listen)| {
            read_listen(listen, listen_type, now)
                .map_err(|problem| format!("Listen {n}: {problem}"))
        })
        .collect::<Result<_, _>>()?;
    Ok(Submission {
        listen_type,
        listens,
    })
}

/// One listen of an `import` submission, checked as a player's would be:
/// for plays that come in other wrappings (halfstar's own export).
pub fn read_imported(listen: &Value, now: OffsetDateTime) -> Result<Listen, String> {
    read_listen(listen, ListenType::Import, now)
}

fn read_listen(
    listen: &Value,
    listen_type: ListenType,
    now: OffsetDateTime,
) -> Result<Listen, String> {
    let Value::Object(listen) = listen else {
        return Err("a listen must be an object".to_owned());
    };
    let listened_at = match listen_type {
        ListenType::PlayingNow => None,
        ListenType::Single | ListenType::Import => Some(moment(listen.get("listened_at"), now)?),
    };
    let Some(Value::Object(track)) = listen.get("track_metadata") else {
        return Err("track_metadata must be an object".to_owned());
    };
    let empty = Map::new();
    let info = match track.get("additional_info") {
        Some(Value::Object(info)) => info,
        None | Some(Value::Null) => &empty,
        Some(_) => return Err("additional_info must be an object".to_owned()),
    };
    Ok(Listen {
        listened_at,
        artist_name: name(track, "artist_name")?
            .ok_or("track_metadata.artist_name is missing or empty")?,
        track_name: name(track, "track_name")?
            .ok_or("track_metadata.track_name is missing or empty")?,
        release_name: name(track, "release_name")?.unwrap_or_default(),
        release_group_mbid: mbid(info, "release_group_mbid")?,
        release_mbid: mbid(info, "release_mbid")?,
        recording_mbid: mbid(info, "recording_mbid")?,
        duration_ms: duration_ms(info),
        player: player(info),
    })
}

/// `listened_at`: whole Unix seconds, between ListenBrainz's beginning and
/// a day from now.
fn moment(value: Option<&Value>, now: OffsetDateTime) -> Result<String, String> {
    let seconds = match value {
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(text)) => text.trim().parse().ok(),
        _ => {
            return Err(
                "listened_at is missing; it is required for single and import listens".to_owned(),
            );
        }
    }
    .ok_or("listened_at must be whole seconds since 1970")?;
    let latest = now.unix_timestamp() + MOST_SECONDS_AHEAD;
    if !(EARLIEST_LISTEN..=latest).contains(&seconds) {
        return Err(format!(
            "listened_at {seconds} is outside {EARLIEST_LISTEN} (October 2002) to a day from now"
        ));
    }
    OffsetDateTime::from_unix_timestamp(seconds)
        .map(timestamp::format)
        .map_err(|_| "listened_at is not a time".to_owned())
}

/// A trimmed name, with control, line-breaking and bidirectional override
/// characters left out (as every name on the site is free of them; a
/// player's stray one is no reason to lose the play): none when absent or
/// empty; an error when not a string or too long.
fn name(fields: &Map<String, Value>, field: &str) -> Result<Option<String>, String> {
    let stripped = match fields.get(field) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(text)) => text::strip_to_one_line(text),
        Some(_) => return Err(format!("track_metadata.{field} must be a string")),
    };
    let text = stripped.trim();
    if text.chars().count() > MOST_NAME_CHARS {
        return Err(format!(
            "track_metadata.{field} is longer than {MOST_NAME_CHARS} characters"
        ));
    }
    Ok((!text.is_empty()).then(|| text.to_owned()))
}

/// A MusicBrainz id: none when absent or empty (players send "" or []); an
/// error when it is something else than a UUID, as ListenBrainz answers.
fn mbid(info: &Map<String, Value>, field: &str) -> Result<Option<String>, String> {
    let text = match info.get(field) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(text)) if text.trim().is_empty() => return Ok(None),
        Some(Value::Array(items)) if items.is_empty() => return Ok(None),
        Some(Value::String(text)) => text.trim(),
        Some(_) => return Err(format!("additional_info.{field} must be a string")),
    };
    catalogue::musicbrainz_id(text, field)
        .map(Some)
        .map_err(|_| {
            format!(
                "additional_info.{field} \"{}\" is not a MusicBrainz id",
                short(text)
            )
        })
}

/// The first characters of a refused value, for the message.
fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

/// `duration_ms`, or `duration` in seconds, when sensible; dropped otherwise
/// (an informational field; a wrong one is no reason to lose the play).
fn duration_ms(info: &Map<String, Value>) -> Option<i64> {
    let number = |field: &str| match info.get(field) {
        Some(Value::Number(n)) => n.as_f64(),
        Some(Value::String(text)) => text.trim().parse().ok(),
        _ => None,
    };
    let ms = number("duration_ms").or_else(|| number("duration").map(|s| s * 1000.0))?;
    (ms.is_finite() && ms > 0.0 && ms <= MOST_DURATION_MS as f64).then_some(ms.round() as i64)
}

/// Which player sent it, as ListenBrainz's fields name it.
fn player(info: &Map<String, Value>) -> Option<String> {
    [
        "media_player",
        "submission_client",
        "music_service_name",
        "listening_from",
    ]
    .iter()
    .find_map(|field| info.get(*field).and_then(Value::as_str))
    .map(text::strip_to_one_line)
    .map(|text| {
        text.trim()
            .chars()
            .take(MOST_PLAYER_CHARS)
            .collect::<String>()
    })
    .filter(|text| !text.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn now() -> OffsetDateTime {
        OffsetDateTime::from_unix_timestamp(1_750_000_000).unwrap()
    }

    fn submit(body: Value) -> Result<Submission, String> {
        read(body.to_string().as_bytes(), now())
    }

    fn listen(listened_at: Value) -> Value {
        json!({
            "listened_at": listened_at,
            "track_metadata": {
                "artist_name": " Radiohead ",
                "track_name": "Airbag",
                "release_name": "OK Computer",
                "additional_info": {
                    "release_group_mbid": "B1392450-E666-3926-A536-22C65F834433",
                    "recording_mbid": "",
                    "artist_mbids": [],
                    "duration_ms": 284000,
                    "media_player": "Navidrome"
                }
            }
        })
    }

    #[test]
    fn a_single_listen_is_read_with_its_ids_duration_and_player() {
        let read =
            submit(json!({"listen_type": "single", "payload": [listen(json!(1_700_000_000))]}))
                .unwrap();
        assert_eq!(read.listen_type, ListenType::Single);
        let [listen] = read.listens.as_slice() else {
            panic!("one listen")
        };
        assert_eq!(
            listen.listened_at.as_deref(),
            Some("2023-11-14T22:13:20.000Z")
        );
        assert_eq!(listen.artist_name, "Radiohead");
        assert_eq!(listen.release_name, "OK Computer");
        assert_eq!(
            listen.release_group_mbid.as_deref(),
            Some("b1392450-e666-3926-a536-22c65f834433")
        );
        assert_eq!(listen.recording_mbid, None);
        assert_eq!(listen.duration_ms, Some(284_000));
        assert_eq!(listen.player.as_deref(), Some("Navidrome"));
    }

    #[test]
    fn playing_now_needs_no_time_and_single_needs_one() {
        let mut now_playing = listen(json!(null));
        now_playing.as_object_mut().unwrap().remove("listened_at");
        let read = submit(json!({"listen_type": "playing_now", "payload": [now_playing.clone()]}));
        assert_eq!(read.unwrap().listens[0].listened_at, None);
        let error = submit(json!({"listen_type": "single", "payload": [now_playing]})).unwrap_err();
        assert!(
            error.starts_with("Listen 0: listened_at is missing"),
            "{error}"
        );
    }

    #[test]
    fn the_shape_and_the_number_of_listens_are_checked() {
        let one = listen(json!(1_700_000_000));
        let cases = [
            (json!([]), "must be an object"),
            (json!({"payload": [one]}), "listen_type must be one of"),
            (
                json!({"listen_type": "single", "payload": []}),
                "payload has no listens",
            ),
            (
                json!({"listen_type": "single", "payload": {}}),
                "payload must be a list",
            ),
            (
                json!({"listen_type": "single", "payload": [one, one]}),
                "exactly one listen",
            ),
            (
                json!({"listen_type": "import", "payload": vec![one.clone(); MOST_LISTENS_PER_REQUEST + 1]}),
                "at most 1000",
            ),
            (
                json!({"listen_type": "import", "payload": [one, 3]}),
                "Listen 1: a listen must be an object",
            ),
        ];
        for (body, expected) in cases {
            let error = submit(body.clone()).unwrap_err();
            assert!(error.contains(expected), "{body}: {error}");
        }
        let most = vec![one; MOST_LISTENS_PER_REQUEST];
        assert!(submit(json!({"listen_type": "import", "payload": most})).is_ok());
        assert!(
            read(b"{not json", now())
                .unwrap_err()
                .starts_with("Cannot parse JSON")
        );
    }

    type Change<'a> = &'a dyn Fn(&mut Value);

    #[test]
    fn each_field_is_checked_and_bounded() {
        let with = |change: &dyn Fn(&mut Value)| {
            let mut one = listen(json!(1_700_000_000));
            change(&mut one);
            submit(json!({"listen_type": "import", "payload": [one]}))
        };
        let cases: [(Change, &str); 7] = [
            (
                &|l| l["listened_at"] = json!(EARLIEST_LISTEN - 1),
                "outside",
            ),
            (
                &|l| l["listened_at"] = json!(1_750_000_000 + 2 * 86_400),
                "outside",
            ),
            (&|l| l["listened_at"] = json!(1.5), "whole seconds"),
            (
                &|l| l["track_metadata"]["artist_name"] = json!(" "),
                "artist_name is missing",
            ),
            (
                &|l| l["track_metadata"]["track_name"] = json!(7),
                "track_name must be a string",
            ),
            (
                &|l| l["track_metadata"]["release_name"] = json!("x".repeat(MOST_NAME_CHARS + 1)),
                "longer than 500",
            ),
            (
                &|l| l["track_metadata"]["additional_info"]["release_mbid"] = json!("nope"),
                "not a MusicBrainz id",
            ),
        ];
        for (change, expected) in cases {
            let error = with(change).unwrap_err();
            assert!(
                error.starts_with("Listen 0: ") && error.contains(expected),
                "{error}"
            );
        }
        let no_album = with(&|l| {
            l["track_metadata"]
                .as_object_mut()
                .unwrap()
                .remove("release_name");
            l["track_metadata"]["additional_info"]["duration_ms"] = json!(-5);
        })
        .unwrap();
        assert_eq!(no_album.listens[0].release_name, "");
        assert_eq!(no_album.listens[0].duration_ms, None);
        let seconds = with(&|l| {
            l["listened_at"] = json!("1700000000");
            l["track_metadata"]["additional_info"] = json!({"duration": "201.4"});
        })
        .unwrap();
        assert_eq!(seconds.listens[0].duration_ms, Some(201_400));
        assert_eq!(seconds.listens[0].player, None);
    }

    #[test]
    fn names_lose_controls_line_breaks_and_overrides() {
        let mut one = listen(json!(1_700_000_000));
        one["track_metadata"]["track_name"] = json!("Air\u{202E}bag\n");
        one["track_metadata"]["artist_name"] = json!("Radio\u{2028}head\u{0}");
        one["track_metadata"]["release_name"] = json!("\u{2066}OK Computer\u{2069}");
        one["track_metadata"]["additional_info"]["media_player"] = json!("\u{7}\u{1b}[31m");
        let read = submit(json!({"listen_type": "single", "payload": [one]})).unwrap();
        let kept = &read.listens[0];
        assert_eq!(kept.track_name, "Airbag");
        assert_eq!(kept.artist_name, "Radiohead");
        assert_eq!(kept.release_name, "OK Computer");
        assert_eq!(kept.player.as_deref(), Some("[31m"));
        // Nothing left but what was stripped: as if the name were not sent.
        let mut blank = listen(json!(1_700_000_000));
        blank["track_metadata"]["artist_name"] = json!("\u{202E}\n");
        let error = submit(json!({"listen_type": "single", "payload": [blank]})).unwrap_err();
        assert!(error.contains("artist_name is missing"), "{error}");
    }
}
