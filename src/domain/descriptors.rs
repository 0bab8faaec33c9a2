//! Descriptors: a fixed vocabulary of words for an album's mood, sound and
//! form, which members who rated an album apply to it, as Rate Your Music's
//! descriptors. The book lists them (docs/src/member/descriptors.md); a test
//! keeps that page and this list the same.

use serde::Serialize;
use utoipa::ToSchema;

/// The most descriptors one member applies to an album.
pub const MOST_A_MEMBER: usize = 8;
/// Members who must have applied a descriptor before the album's page shows
/// it as the album's, and the descriptor's page lists the album.
pub const STRONG_ENOUGH: u32 = 2;
/// The most descriptors an album's page shows as its strongest.
pub const MOST_SHOWN: usize = 6;

/// What a descriptor describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DescriptorKind {
    /// How the album feels.
    Mood,
    /// How it sounds: voices, instruments, production.
    Sound,
    /// How it is made and what it is about.
    Form,
}

/// One word of the vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Descriptor {
    /// Stored and in addresses: lowercase, words joined by hyphens.
    pub slug: &'static str,
    pub name: &'static str,
    pub kind: DescriptorKind,
    /// What applying it says of an album.
    pub meaning: &'static str,
}

const fn word(
    slug: &'static str,
    name: &'static str,
    kind: DescriptorKind,
    meaning: &'static str,
) -> Descriptor {
    Descriptor {
        slug,
        name,
        kind,
        meaning,
    }
}

use DescriptorKind::{Form, Mood, Sound};

/// The vocabulary, grouped by kind.
pub const VOCABULARY: &[Descriptor] = &[
    word(
        "aggressive",
        "aggressive",
        Mood,
        "Forceful and hostile in attack.",
    ),
    word("angry", "angry", Mood, "Full of rage or resentment."),
    word("anxious", "anxious", Mood, "Uneasy, nervous, on edge."),
    word(
        "apocalyptic",
        "apocalyptic",
        Mood,
        "Evokes the end of the world.",
    ),
    word(
        "bittersweet",
        "bittersweet",
        Mood,
        "Happiness and sadness at once.",
    ),
    word("calm", "calm", Mood, "Peaceful and unhurried."),
    word("cold", "cold", Mood, "Distant, clinical, without warmth."),
    word("dark", "dark", Mood, "Gloomy, sinister or bleak."),
    word("dreamy", "dreamy", Mood, "Hazy and drifting, like a dream."),
    word("eerie", "eerie", Mood, "Strange and unsettling."),
    word(
        "energetic",
        "energetic",
        Mood,
        "Lively, driving, full of energy.",
    ),
    word("ethereal", "ethereal", Mood, "Light, airy, otherworldly."),
    word("euphoric", "euphoric", Mood, "Ecstatic and elated."),
    word("happy", "happy", Mood, "Cheerful and bright."),
    word(
        "hypnotic",
        "hypnotic",
        Mood,
        "Repetitive in a way that entrances.",
    ),
    word(
        "introspective",
        "introspective",
        Mood,
        "Turned inward, reflective.",
    ),
    word("lonely", "lonely", Mood, "Isolated, longing for company."),
    word("longing", "longing", Mood, "Yearning for what is absent."),
    word("melancholic", "melancholic", Mood, "Pensive sadness."),
    word("mellow", "mellow", Mood, "Soft, relaxed and easy."),
    word("nocturnal", "nocturnal", Mood, "Music of the night."),
    word(
        "optimistic",
        "optimistic",
        Mood,
        "Hopeful about what is to come.",
    ),
    word("passionate", "passionate", Mood, "Intense and heartfelt."),
    word("peaceful", "peaceful", Mood, "Serene and untroubled."),
    word("playful", "playful", Mood, "Light-hearted and fun."),
    word(
        "psychedelic",
        "psychedelic",
        Mood,
        "Mind-altering, kaleidoscopic.",
    ),
    word("quirky", "quirky", Mood, "Odd in a charming way."),
    word("romantic", "romantic", Mood, "About or evoking love."),
    word("sad", "sad", Mood, "Sorrowful and downcast."),
    word("sensual", "sensual", Mood, "Sultry and physical."),
    word(
        "sentimental",
        "sentimental",
        Mood,
        "Tender, nostalgic feeling.",
    ),
    word(
        "summery",
        "summery",
        Mood,
        "Sunny and warm, made for summer.",
    ),
    word("tense", "tense", Mood, "Full of suspense and strain."),
    word("triumphant", "triumphant", Mood, "Victorious and grand."),
    word("uplifting", "uplifting", Mood, "Raises the spirits."),
    word("warm", "warm", Mood, "Comforting and inviting."),
    word("wintry", "wintry", Mood, "Cold, still, made for winter."),
    word(
        "acoustic",
        "acoustic",
        Sound,
        "Mostly unplugged instruments.",
    ),
    word(
        "atmospheric",
        "atmospheric",
        Sound,
        "Builds a space or a mood more than songs.",
    ),
    word("bass-heavy", "bass-heavy", Sound, "The low end leads."),
    word("chaotic", "chaotic", Sound, "Disordered and unpredictable."),
    word("dense", "dense", Sound, "Many layers packed tight."),
    word(
        "dissonant",
        "dissonant",
        Sound,
        "Clashing harmonies on purpose.",
    ),
    word(
        "distorted",
        "distorted",
        Sound,
        "Overdriven, fuzzy, saturated.",
    ),
    word(
        "droning",
        "droning",
        Sound,
        "Sustained tones that barely move.",
    ),
    word(
        "electronic-textures",
        "electronic textures",
        Sound,
        "Synthesised sounds colour it throughout.",
    ),
    word(
        "female-vocals",
        "female vocals",
        Sound,
        "Sung mainly by women.",
    ),
    word("groovy", "groovy", Sound, "Makes the body move."),
    word("harsh", "harsh", Sound, "Abrasive and grating."),
    word("heavy", "heavy", Sound, "Weighty and loud."),
    word(
        "instrumental",
        "instrumental",
        Sound,
        "No singing, or almost none.",
    ),
    word(
        "lo-fi",
        "lo-fi",
        Sound,
        "Deliberately rough, home-made recording.",
    ),
    word("lush", "lush", Sound, "Rich and full arrangements."),
    word("male-vocals", "male vocals", Sound, "Sung mainly by men."),
    word(
        "minimalistic",
        "minimalistic",
        Sound,
        "Few elements, much space.",
    ),
    word("noisy", "noisy", Sound, "Noise as a part of the music."),
    word(
        "orchestral",
        "orchestral",
        Sound,
        "An orchestra or its instruments.",
    ),
    word("polished", "polished", Sound, "Clean, careful production."),
    word("raw", "raw", Sound, "Unpolished and direct."),
    word(
        "repetitive",
        "repetitive",
        Sound,
        "Built on repeated figures.",
    ),
    word("rhythmic", "rhythmic", Sound, "Rhythm comes first."),
    word("soft", "soft", Sound, "Quiet and gentle."),
    word("sparse", "sparse", Sound, "Thin arrangements, open space."),
    word("spacey", "spacey", Sound, "Vast and cosmic."),
    word(
        "technical",
        "technical",
        Sound,
        "Shows off the players' skill.",
    ),
    word(
        "vocal-group",
        "vocal group",
        Sound,
        "Several singers together.",
    ),
    word(
        "warm-production",
        "warm production",
        Sound,
        "Round, analogue-sounding mix.",
    ),
    word(
        "wall-of-sound",
        "wall of sound",
        Sound,
        "Layered into a single dense roar.",
    ),
    word(
        "androgynous-vocals",
        "androgynous vocals",
        Sound,
        "Voices hard to place as male or female.",
    ),
    word("breathy", "breathy", Sound, "Whispered, airy singing."),
    word(
        "complex",
        "complex",
        Sound,
        "Intricate structures and harmony.",
    ),
    word(
        "anthemic",
        "anthemic",
        Form,
        "Made for crowds to sing along.",
    ),
    word(
        "avant-garde",
        "avant-garde",
        Form,
        "Experimental, against convention.",
    ),
    word("ballad", "ballad", Form, "Slow songs that tell of feeling."),
    word(
        "concept-album",
        "concept album",
        Form,
        "The songs make one story or idea.",
    ),
    word("conscious", "conscious", Form, "Socially aware lyrics."),
    word(
        "cryptic",
        "cryptic",
        Form,
        "Lyrics that hide their meaning.",
    ),
    word("death", "death", Form, "About death and mourning."),
    word("drugs", "drugs", Form, "About drugs and their effects."),
    word("epic", "epic", Form, "Grand in scale and ambition."),
    word(
        "existential",
        "existential",
        Form,
        "About meaning, being, and freedom.",
    ),
    word("fantasy", "fantasy", Form, "Tells of imagined worlds."),
    word("humorous", "humorous", Form, "Meant to make you laugh."),
    word(
        "improvisation",
        "improvisation",
        Form,
        "Made up as it is played.",
    ),
    word(
        "lethargic",
        "lethargic",
        Mood,
        "Slow-moving, deliberately sluggish.",
    ),
    word("long", "long", Form, "Long songs, or a long album."),
    word("love", "love", Form, "About love."),
    word("medieval", "medieval", Form, "Draws on the Middle Ages."),
    word("nature", "nature", Form, "About the natural world."),
    word(
        "nihilistic",
        "nihilistic",
        Form,
        "Nothing matters, and it says so.",
    ),
    word(
        "philosophical",
        "philosophical",
        Form,
        "Lyrics that reason about life.",
    ),
    word("poetic", "poetic", Form, "Lyrics written as poetry."),
    word("political", "political", Form, "About politics and power."),
    word(
        "progressive",
        "progressive",
        Form,
        "Ambitious, changing structures.",
    ),
    word(
        "religious",
        "religious",
        Form,
        "About faith and the sacred.",
    ),
    word(
        "science-fiction",
        "science fiction",
        Form,
        "Tells of futures and other worlds.",
    ),
    word(
        "self-hatred",
        "self-hatred",
        Form,
        "Turns scorn on the self.",
    ),
    word("sexual", "sexual", Form, "About sex."),
    word(
        "storytelling",
        "storytelling",
        Form,
        "Songs that tell stories.",
    ),
    word("suite", "suite", Form, "Pieces that run together as one."),
    word("urban", "urban", Form, "About city life."),
    word(
        "uncommon-time-signatures",
        "uncommon time signatures",
        Form,
        "Odd meters: 5/4, 7/8 and others.",
    ),
    word("war", "war", Form, "About war."),
    word(
        "meditative",
        "meditative",
        Mood,
        "For contemplation and stillness.",
    ),
];

/// The descriptor of that slug or name, any case.
pub fn find(word: &str) -> Option<&'static Descriptor> {
    let word = word.trim();
    VOCABULARY
        .iter()
        .find(|d| d.slug.eq_ignore_ascii_case(word) || d.name.eq_ignore_ascii_case(word))
}

/// A descriptor's place in the vocabulary, by slug: how the chart figures
/// hold it in one byte.
pub fn place(slug: &str) -> Option<u8> {
    VOCABULARY
        .iter()
        .position(|d| d.slug == slug)
        .and_then(|at| u8::try_from(at).ok())
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn about_a_hundred_words_each_once_with_slugs_fit_for_addresses() {
        assert!(
            (90..=120).contains(&VOCABULARY.len()),
            "{}",
            VOCABULARY.len()
        );
        let mut slugs = HashSet::new();
        let mut names = HashSet::new();
        for d in VOCABULARY {
            assert!(slugs.insert(d.slug), "{} twice", d.slug);
            assert!(names.insert(d.name), "{} twice", d.name);
            assert_eq!(d.slug, d.name.replace(' ', "-"), "{}", d.name);
            assert!(
                d.slug.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{}",
                d.slug
            );
            assert!(!d.meaning.is_empty());
        }
    }

    #[test]
    fn found_by_slug_or_name_in_any_case() {
        assert_eq!(find("Concept Album").unwrap().slug, "concept-album");
        assert_eq!(find("lo-fi").unwrap().name, "lo-fi");
        assert_eq!(find(" MELANCHOLIC ").unwrap().slug, "melancholic");
        assert!(find("loud-ish").is_none());
    }

    #[test]
    fn the_book_lists_every_word_and_no_other() {
        let page = include_str!("../../docs/src/member/descriptors.md");
        let listed: HashSet<&str> = page
            .lines()
            .filter_map(|line| line.strip_prefix("- **"))
            .filter_map(|rest| rest.split("**").next())
            .collect();
        let known: HashSet<&str> = VOCABULARY.iter().map(|d| d.name).collect();
        assert_eq!(listed, known);
    }
}
