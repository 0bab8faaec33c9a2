//! A browser's User-Agent as a member would name their device: "Firefox on
//! Linux", "Safari on iPhone". Only the common cases; anything else is
//! shown as it came, cut short.

const BROWSERS: [(&str, &str); 9] = [
    // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chromium/", "Chromium"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
    ("curl/", "curl"),
];

const SYSTEMS: [(&str, &str); 8] = [
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("CrOS", "ChromeOS"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("Macintosh", "macOS"),
    ("Linux", "Linux"),
];

pub fn name(user_agent: &str) -> String {
    let browser = BROWSERS
        .iter()
        .find(|(mark, _)| user_agent.contains(mark))
        .map(|(_, name)| *name);
    let system = SYSTEMS
        .iter()
        .find(|(mark, _)| user_agent.contains(mark))
        .map(|(_, name)| *name);
    match (browser, system) {
        (Some(browser), Some(system)) => format!("{browser} on {system}"),
        (Some(browser), None) => browser.to_owned(),
        (None, Some(system)) => format!("A browser on {system}"),
        (None, None) if user_agent.trim().is_empty() => "Unknown device".to_owned(),
        (None, None) => user_agent.chars().take(60).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_browsers_are_named_with_their_system() {
        for (agent, expected) in [
            (
                "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
                "Firefox on Linux",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
                "Edge on Windows",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                "Safari on iPhone",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
                "Chrome on macOS",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
                "Chrome on Android",
            ),
            ("curl/8.5.0", "curl"),
            ("", "Unknown device"),
            ("halfstar-sync", "halfstar-sync"),
        ] {
            assert_eq!(name(agent), expected, "{agent}");
        }
    }
}
