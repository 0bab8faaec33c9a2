// Loads the genre list shipped in assets/genres.json. Its checksum is recorded
// when applied, so the file is never edited in place: later changes to the
// genre list go in a new migration.
pub fn migration() -> String {
    #[derive(serde::Deserialize)]
    struct Genre {
        name: String,
        description: String,
    }
    let genres: Vec<Genre> = serde_json::from_str(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/genres.json"
    )))
    .expect("assets/genres.json is a list of {name, description}");
    let quote = |text: &str| format!("'{}'", text.replace('\'', "''"));
    genres
        .iter()
        .map(|genre| {
            format!(
                "INSERT INTO genres (name, slug, description) VALUES ({}, {}, {});\n",
                quote(&genre.name),
                quote(&crate::domain::slug::slugify(&genre.name)),
                quote(&genre.description)
            )
        })
        .collect()
}
