//! Recommendations worked out in the background: an album's similar albums
//! are those the same members rated highly, and a member's "For you" comes
//! from the members of most like taste and the similar albums of what they
//! loved, without what they rated, wishlisted, dismissed or what members
//! they block rated; a member may turn it off.

use crate::common;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use common::TestApp;
use halfstar::api::KeptAnswers;
use serde_json::{Value, json};

struct Community {
    app: TestApp,
    artist: i64,
    /// Albums A to J by letter.
    albums: Vec<i64>,
}

impl Community {
    fn album(&self, letter: char) -> i64 {
        self.albums[(letter as u8 - b'A') as usize]
    }

    async fn rate(&self, token: &str, letter: char, number: f64) {
        let rated = self
            .app
            .call(
                Method::POST,
                "/api/rating",
                Some(token),
                Some(json!({ "albumId": self.album(letter), "artistId": self.artist, "number": number })),
            )
            .await;
        assert_eq!(rated.status, StatusCode::CREATED, "{}", rated.text());
    }

    async fn rate_all(&self, token: &str, ratings: &[(char, f64)]) {
        for &(letter, number) in ratings {
            self.rate(token, letter, number).await;
        }
    }

    async fn catch_up(&self) {
        halfstar::discovery::recommendations::catch_up(&self.app.state)
            .await
            .expect("worked out");
    }

    async fn for_you(&self, token: &str) -> Value {
        let answer = self
            .app
            .call(Method::GET, "/api/recommendations", Some(token), None)
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
        answer.json()
    }

    /// The letters of the albums in an answer's `albums`, with their members.
    fn letters(&self, answer: &Value) -> Vec<(char, i64)> {
        answer["albums"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pick| {
                let id = pick["album"]["albumId"].as_i64().unwrap();
                let place = self.albums.iter().position(|&a| a == id).unwrap();
                (
                    (b'A' + place as u8) as char,
                    pick["members"].as_i64().unwrap(),
                )
            })
            .collect()
    }

    async fn similar(&self, letter: char) -> Vec<(char, i64)> {
        let answer = self
            .app
            .get(&format!("/api/album/{}/similar", self.album(letter)))
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
        self.letters(&answer.json())
    }
}

fn community() -> Community {
    let mut app = TestApp::new();
    // Visitors' answers kept, as `serve` keeps them: the worker's writes must end them.
    app.state.kept_answers = KeptAnswers::new(Duration::from_secs(600));
    let titles: Vec<String> = ('A'..='J').map(|l| format!("Album {l}")).collect();
    let albums: Vec<(&str, &str)> = titles.iter().map(|t| (t.as_str(), "1995-01-01")).collect();
    let (artist, albums) = app.artist_with_albums("Band", &albums, &[]);
    Community {
        app,
        artist,
        albums,
    }
}

const ANNS: [(char, f64); 5] = [('A', 10.0), ('B', 9.0), ('C', 8.0), ('D', 3.0), ('E', 2.0)];

#[tokio::test]
async fn for_you_comes_from_members_of_like_taste_and_leaves_out_what_the_member_set_aside() {
    let c = community();
    let (ann, _) = c.app.member("ann");
    let (bob, _) = c.app.member("bob");
    let (cy, _) = c.app.member("cy");
    let (dee, _) = c.app.member("dee");
    c.rate_all(&ann, &ANNS).await;
    c.rate_all(&bob, &ANNS).await;
    c.rate_all(&bob, &[('F', 9.0), ('G', 4.0), ('I', 9.5)])
        .await;
    c.rate_all(
        &cy,
        &[('A', 9.0), ('B', 9.0), ('C', 7.0), ('D', 4.0), ('E', 1.0)],
    )
    .await;
    c.rate_all(&cy, &[('F', 8.0), ('H', 10.0)]).await;
    // Opposite taste: what dee loves is not recommended to ann.
    c.rate_all(
        &dee,
        &[('A', 1.0), ('B', 2.0), ('C', 3.0), ('D', 9.0), ('E', 10.0)],
    )
    .await;
    c.rate(&dee, 'G', 10.0).await;

    let asked = c.for_you(&ann).await;
    assert_eq!(asked["state"], "working");
    assert_eq!(asked["albums"], json!([]));
    c.catch_up().await;
    let ready = c.for_you(&ann).await;
    assert_eq!(ready["state"], "ready");
    assert_eq!(ready["neighbours"], 2);
    let picks = c.letters(&ready);
    assert_eq!(picks[0], ('F', 2), "{picks:?}");
    let mut rest = picks[1..].to_vec();
    rest.sort();
    assert_eq!(rest, vec![('H', 1), ('I', 1)]);

    // What she rates, wishlists or dismisses leaves at once.
    c.rate(&ann, 'F', 6.0).await;
    let wished = c
        .app
        .call(
            Method::POST,
            "/api/wishlistitem",
            Some(&ann),
            Some(json!({ "albumId": c.album('H'), "albumTitle": "Album H" })),
        )
        .await;
    assert_eq!(wished.status, StatusCode::CREATED, "{}", wished.text());
    let dismiss_path = format!("/api/recommendations/dismissed/{}", c.album('I'));
    let dismissed = c
        .app
        .call(Method::PUT, &dismiss_path, Some(&ann), None)
        .await;
    assert_eq!(
        dismissed.status,
        StatusCode::NO_CONTENT,
        "{}",
        dismissed.text()
    );
    assert_eq!(c.letters(&c.for_you(&ann).await), vec![]);
    let listed = c
        .app
        .call(
            Method::GET,
            "/api/recommendations/dismissed",
            Some(&ann),
            None,
        )
        .await
        .json();
    assert_eq!(listed[0]["album"]["albumId"], c.album('I'));
    let undone = c
        .app
        .call(Method::DELETE, &dismiss_path, Some(&ann), None)
        .await;
    assert_eq!(undone.status, StatusCode::NO_CONTENT);
    assert_eq!(c.letters(&c.for_you(&ann).await), vec![('I', 1)]);
    let twice = c
        .app
        .call(Method::DELETE, &dismiss_path, Some(&ann), None)
        .await;
    assert_eq!(twice.status, StatusCode::NOT_FOUND);
    assert_eq!(twice.json()["message"], "You had not dismissed that album");

    // Blocking bob takes his ratings out of hers once worked out again.
    c.catch_up().await;
    assert_eq!(c.for_you(&ann).await["neighbours"], 2);
    let blocked = c
        .app
        .call(
            Method::POST,
            "/api/user/username/bob/block",
            Some(&ann),
            None,
        )
        .await;
    assert_eq!(blocked.status, StatusCode::OK, "{}", blocked.text());
    c.catch_up().await;
    let without_bob = c.for_you(&ann).await;
    assert_eq!(without_bob["neighbours"], 1);
    assert_eq!(c.letters(&without_bob), vec![]);

    // Turned off, nothing is worked out or shown; turned on, it comes back.
    let settings = |on: bool| json!({ "recommendations": on });
    let off = c
        .app
        .call(
            Method::PUT,
            "/api/settings/community",
            Some(&ann),
            Some(settings(false)),
        )
        .await;
    assert_eq!(off.json()["recommendations"], false);
    let answer = c.for_you(&ann).await;
    assert_eq!(
        (answer["state"].clone(), answer["albums"].clone()),
        (json!("off"), json!([]))
    );
    assert_eq!(c.app.rows("recommendations"), 0);
    c.app
        .call(
            Method::PUT,
            "/api/settings/community",
            Some(&ann),
            Some(settings(true)),
        )
        .await;
    c.catch_up().await;
    assert_eq!(c.for_you(&ann).await["state"], "ready");

    let export = c
        .app
        .call(Method::GET, "/api/user/me/export", Some(&ann), None)
        .await
        .json();
    assert_eq!(export["recommendations"], true);
    assert_eq!(export["dismissedRecommendations"], json!([]));
}

#[tokio::test]
async fn similar_albums_are_shared_admirations_weighed_by_popularity_and_follow_new_ratings() {
    let c = community();
    let members: Vec<String> = ["ann", "bob", "cy"]
        .iter()
        .map(|n| c.app.member(n).0)
        .collect();
    for token in &members {
        c.rate_all(token, &[('A', 9.0), ('B', 8.0)]).await;
    }
    c.rate_all(&members[0], &[('C', 10.0), ('D', 8.0)]).await;
    c.rate_all(&members[1], &[('C', 8.5), ('D', 5.0)]).await;
    c.rate(&members[2], 'E', 9.0).await;
    // B is rated by many more members, none of whom rated A.
    for n in 0..6 {
        let (token, _) = c.app.member(&format!("fan{n}"));
        c.rate(&token, 'B', 6.0).await;
    }
    c.catch_up().await;
    // C: 2 shared of 2 ratings; B: 3 shared of 9 ratings; D and E, one admirer each.
    assert_eq!(c.similar('A').await, vec![('C', 2), ('B', 3)]);

    // A new admirer of A who then loves E makes E similar to A: her rating
    // of E changes A's list, with nobody asking for it.
    let (eve, _) = c.app.member("eve");
    // The test's own writes from another connection end every kept answer
    // once the server notices them: noticed before the checks.
    tokio::time::sleep(Duration::from_millis(400)).await;
    c.rate(&eve, 'A', 8.0).await;
    c.catch_up().await;
    c.rate(&eve, 'E', 9.0).await;
    // A visitor's answer, kept: only the worker's write can end it now.
    assert_eq!(c.similar('A').await, vec![('C', 2), ('B', 3)]);
    let kept = c
        .app
        .get(&format!("/api/album/{}/similar", c.album('A')))
        .await;
    assert_eq!(kept.header("cache-status"), "halfstar; hit");
    c.catch_up().await;
    assert_eq!(c.similar('A').await, vec![('C', 2), ('E', 2), ('B', 3)]);

    // A member who shares too few albums with anyone still gets the similar
    // albums of what they loved, each saying which.
    let (fay, _) = c.app.member("fay");
    c.rate(&fay, 'A', 9.0).await;
    c.for_you(&fay).await;
    c.catch_up().await;
    let fays = c.for_you(&fay).await;
    assert_eq!(fays["neighbours"], 0);
    assert_eq!(c.letters(&fays), vec![('C', 0), ('E', 0), ('B', 0)]);
    for pick in fays["albums"].as_array().unwrap() {
        assert_eq!(pick["like"]["albumId"], c.album('A'));
        assert_eq!(pick["like"]["title"], "Album A");
    }

    let missing = c.app.get("/api/album/999999/similar").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn for_you_is_a_members_own_and_its_limit_is_checked() {
    let c = community();
    let signed_out = c.app.get("/api/recommendations").await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);
    let (ann, _) = c.app.member("ann");
    for limit in ["0", "61", "many"] {
        let answer = c
            .app
            .call(
                Method::GET,
                &format!("/api/recommendations?limit={limit}"),
                Some(&ann),
                None,
            )
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{limit}");
        assert!(answer.json()["message"].as_str().unwrap().contains("limit"));
    }
    let missing = c
        .app
        .call(
            Method::PUT,
            "/api/recommendations/dismissed/999999",
            Some(&ann),
            None,
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    // A member with too few ratings to compare gets an empty list, ready.
    c.catch_up().await;
    c.for_you(&ann).await;
    c.catch_up().await;
    let ready = c.for_you(&ann).await;
    assert_eq!(
        (ready["state"].clone(), ready["neighbours"].clone()),
        (json!("ready"), json!(0))
    );
}
