//! Charts a member shapes: filters combine (years, genres in and out,
//! descriptors, type, fewest ratings), every order ranks by its figure, a
//! rating shows at once, and bad filters are refused with their reason.

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use serde_json::{Value, json};

async fn rate(app: &TestApp, token: &str, artist: i64, album: i64, number: f64) {
    let rated = app
        .call(
            Method::POST,
            "/api/rating",
            Some(token),
            Some(json!({ "albumId": album, "artistId": artist, "number": number })),
        )
        .await;
    assert!(rated.status.is_success(), "{}", rated.text());
}

fn titles(chart: &Value) -> Vec<String> {
    chart["albums"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["album"]["title"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn filters_combine_and_each_order_ranks_by_its_figure() {
    let app = TestApp::new();
    let (slowdive, slowdive_albums) = app.artist_with_albums(
        "Slowdive",
        &[("Just for a Day", "1991-09-02"), ("Souvlaki", "1993-05-17")],
        &["Shoegaze".to_owned()],
    );
    let (ride, ride_albums) = app.artist_with_albums(
        "Ride",
        &[("Nowhere", "1990-10-15"), ("Weather Diaries", "2017-06-16")],
        &["Shoegaze".to_owned()],
    );
    let (cocteaus, cocteau_albums) = app.artist_with_albums(
        "Cocteau Twins",
        &[("Heaven or Las Vegas", "1990-09-17")],
        &["Shoegaze".to_owned(), "Dream Pop".to_owned()],
    );
    let members: Vec<String> = ["ann", "bob", "cy", "dee"]
        .iter()
        .map(|name| app.member(name).0)
        .collect();
    // Nowhere: all 9s. Souvlaki: split 2 and 10. Just for a Day: one 8.
    for token in &members {
        rate(&app, token, ride, ride_albums[0], 9.0).await;
        rate(&app, token, cocteaus, cocteau_albums[0], 9.5).await;
        rate(&app, token, ride, ride_albums[1], 7.0).await;
    }
    for (at, token) in members.iter().enumerate() {
        let split = if at % 2 == 0 { 2.0 } else { 10.0 };
        rate(&app, token, slowdive, slowdive_albums[1], split).await;
    }
    rate(&app, &members[0], slowdive, slowdive_albums[0], 8.0).await;

    let nineties_shoegaze_without_dream_pop =
        "/api/charts/shaped?from=1990&to=1999&genres=shoegaze&without=Dream%20Pop";
    let chart = app.get(nineties_shoegaze_without_dream_pop).await;
    assert_eq!(chart.status, StatusCode::OK, "{}", chart.text());
    let chart = chart.json();
    assert_eq!(chart["order"], "weighted");
    assert_eq!(chart["total"], 3);
    assert_eq!(titles(&chart), ["Nowhere", "Just for a Day", "Souvlaki"]);

    let divisive = app
        .get(&format!(
            "{nineties_shoegaze_without_dream_pop}&order=most-divisive"
        ))
        .await
        .json();
    assert_eq!(titles(&divisive)[0], "Souvlaki");
    assert_eq!(divisive["albums"][0]["rank"], 1);
    let rated = app
        .get(&format!(
            "{nineties_shoegaze_without_dream_pop}&order=most-rated&minRatings=2"
        ))
        .await
        .json();
    assert_eq!(
        titles(&rated),
        ["Souvlaki", "Nowhere"],
        "a tie: the older album first"
    );
    let average = app
        .get("/api/charts/shaped?order=average&type=lp&limit=2&page=1")
        .await
        .json();
    assert_eq!(titles(&average), ["Heaven or Las Vegas", "Nowhere"]);
    assert_eq!(average["albums"][0]["figure"], 9.5);
    assert_eq!(average["total"], 5);
    let second = app
        .get("/api/charts/shaped?order=average&limit=2&page=2")
        .await
        .json();
    assert_eq!(second["albums"][0]["rank"], 3);

    // A rating shows in the next chart read.
    for token in &members {
        rate(&app, token, slowdive, slowdive_albums[0], 10.0).await;
    }
    let after = app.get(nineties_shoegaze_without_dream_pop).await.json();
    assert_eq!(titles(&after)[0], "Just for a Day");

    // Descriptors two members applied narrow the chart.
    for token in &members[..2] {
        let described = app
            .call(
                Method::PUT,
                &format!("/api/album/{}/descriptors", slowdive_albums[1]),
                Some(token),
                Some(json!({ "descriptors": ["dreamy", "lush"] })),
            )
            .await;
        assert_eq!(described.status, StatusCode::OK, "{}", described.text());
    }
    let dreamy = app
        .get("/api/charts/shaped?descriptors=dreamy,lush&genres=shoegaze")
        .await
        .json();
    assert_eq!(titles(&dreamy), ["Souvlaki"]);
}

#[tokio::test]
async fn bad_filters_are_refused_with_their_reason() {
    let app = TestApp::new();
    let cases = [
        ("genres=polka", "genres: no genre called \"polka\""),
        ("without=polka", "without: no genre called \"polka\""),
        (
            "descriptors=loud-ish",
            "descriptors: \"loud-ish\" is not one of the descriptors",
        ),
        (
            "from=1999&to=1990",
            "from (1999) must not be after to (1990)",
        ),
        ("from=99", "from and to must be years such as 1997; got 99"),
        ("type=single", "type must be one of LP, EP, Live, Other"),
        ("limit=500", "limit must be 1 to 100"),
        ("limit=100&page=101", "page: a chart goes 10000 albums deep"),
    ];
    for (query, message) in cases {
        let refused = app.get(&format!("/api/charts/shaped?{query}")).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(refused.json()["message"], message, "{query}");
    }
    let order = app.get("/api/charts/shaped?order=loudest").await;
    assert_eq!(order.status, StatusCode::BAD_REQUEST);
    assert!(order.text().contains("order"), "{}", order.text());
}

#[tokio::test]
async fn a_chart_is_saved_as_a_list_in_its_order_or_not_at_all() {
    let app = TestApp::new();
    let (_, ids) = app.artist_with_albums(
        "Ride",
        &[
            ("Nowhere", "1990-10-15"),
            ("Going Blank Again", "1992-03-09"),
        ],
        &[],
    );
    let (token, _) = app.member("ann");
    let make = |albums: Value| {
        app.call(
            Method::POST,
            "/api/list",
            Some(&token),
            Some(json!({ "title": "Shoegaze of the 1990s", "albums": albums })),
        )
    };
    let made = make(json!([ids[1], ids[0]])).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
    let list = app
        .get(&format!("/api/list/{}", made.json()["listId"]))
        .await
        .json();
    let titles: Vec<&str> = list["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["album"]["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Going Blank Again", "Nowhere"]);

    let missing = make(json!([ids[0], 999_999])).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let twice = make(json!([ids[0], ids[0]])).await;
    assert_eq!(twice.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        twice.json()["message"],
        format!("albums: {} is named twice", ids[0])
    );
    let too_many = make(json!((1..=101).collect::<Vec<i64>>())).await;
    assert_eq!(too_many.status, StatusCode::BAD_REQUEST);
    let mine = app
        .call(Method::GET, "/api/list/mine", Some(&token), None)
        .await
        .json();
    assert_eq!(
        mine.as_array().map_or(0, Vec::len),
        1,
        "refused lists were not made: {mine}"
    );
}
