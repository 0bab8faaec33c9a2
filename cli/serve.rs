//! `serve`: the web site.

use std::process::ExitCode;

use anyhow::Context;
use halfstar::config::{DataSettings, PublicUrl, ServeSettings};
use halfstar::server::tasks;
use halfstar::{AppState, app, auth, db, demo};

pub fn run(data: &DataSettings, settings: &ServeSettings) -> anyhow::Result<ExitCode> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    share_malloc_arenas();
    temporary_files_in(&data.data_dir);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        // Blocking work is SQLite work, bounded by the pool's 8 connections;
        // more threads than a few per connection only add stacks and memory.
        .max_blocking_threads(32)
        .enable_all()
        .build()?;
    let served = runtime.block_on(serve(data, settings));
    // A task left busy (a sweep of the orders reading) ends with the
    // process; the database is closed already.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    served?;
    Ok(ExitCode::SUCCESS)
}

/// SQLite's temporary files (a large write's journal, a large sort) go in
/// the data directory unless `SQLITE_TMPDIR` says otherwise: the container
/// image has no /tmp, and a /tmp in memory would hold them in memory again.
/// The files are removed as they are opened, so nothing is left there.
fn temporary_files_in(data_dir: &std::path::Path) {
    if std::env::var_os("SQLITE_TMPDIR").is_none() {
        // SAFETY: set before the runtime starts any thread, and before
        // SQLite first reads it.
        unsafe { std::env::set_var("SQLITE_TMPDIR", data_dir) };
    }
}

/// glibc gives each thread that allocates an arena of its own and keeps
/// what is freed there; with the threads that run SQLite work each holding
/// one, the server grew to half as much again as it used. Two arenas serve
/// 64 connections on two cores as fast. Set before any thread starts.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn share_malloc_arenas() {
    // SAFETY: mallopt only changes the allocator's settings.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        // A fixed threshold: long answers' buffers are mapped and handed
        // back whole when freed, instead of raising the threshold and
        // staying in the heap.
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

async fn serve(data: &DataSettings, settings: &ServeSettings) -> anyhow::Result<()> {
    let _lock = halfstar::lock::DataDirLock::acquire(&data.data_dir)?;
    #[cfg(unix)]
    if let Err(error) = halfstar::open_files::raise_to_hard_limit() {
        tracing::warn!("cannot raise the open file limit: {error}");
    }
    if settings.demo {
        load_demo_when_empty(&data.open_database()?).await?;
    }
    let database = db::Database::open_with(&data.data_dir, data.checkpoints)?;
    let writer = database.writer.clone();
    // Off the start-up path: the first unknown email waits for it if it is early.
    tokio::task::spawn_blocking(auth::prepare_dummy_hash);
    let listener = crate::connections::listen(settings.listen)
        .with_context(|| format!("cannot listen on {}", settings.listen))?;
    let keep = std::time::Duration::from_secs(settings.ranking_seconds);
    let public_url = public_url(settings, listener.local_addr()?);
    let mailer = halfstar::mail::Mailer::from_settings(&settings.mail, &public_url)
        .context("the mail settings")?;
    if mailer.is_none() {
        anyhow::ensure!(
            !settings.mail.confirm_sign_ups,
            "--confirm-sign-ups needs mail: set --smtp-url and --mail-from too"
        );
        tracing::info!("no mail is set up (--smtp-url): the site sends no mail");
    }
    let sign_on = halfstar::sign_on::SignOnSite::from_settings(
        &settings.sign_on,
        &public_url,
        settings.import.clone().settings().user_agent(),
    )
    .context("the sign-on settings")?
    .map(std::sync::Arc::new);
    match &sign_on {
        // Asked off the start-up path: a provider that is down never stops
        // the site from starting; the log-in page says so, and each sign-in
        // asks again.
        Some(site) => {
            tracing::info!(
                redirect_uri = site.provider.redirect_uri(),
                "signing in through the OpenID Connect provider"
            );
            let site = site.clone();
            tokio::task::spawn_blocking(move || site.provider.discover());
        }
        None => anyhow::ensure!(
            settings.sign_on.password_login == halfstar::config::PasswordLogin::On,
            "--password-login {} needs a sign-on provider: set --oidc-issuer too",
            settings.sign_on.password_login.as_str()
        ),
    }
    let state = AppState::from(halfstar::api::AppParts {
        max_body_bytes: settings.max_body_bytes,
        request_timeout: std::time::Duration::from_secs(settings.request_timeout_seconds),
        trust_proxy: settings.trust_proxy,
        public_url,
        session_max_age: time::Duration::days(settings.session_max_days.into()),
        chart_prior_weight: settings.chart_prior_weight,
        limits: std::sync::Arc::new(halfstar::http::throttle::Limits::with_account_limits(
            &settings.write_limits,
            &settings.account_limits,
        )),
        rankings: halfstar::api::Rankings::new(keep).refreshed_on(database.readers.clone()),
        kept_answers: halfstar::api::KeptAnswers::new(keep),
        kept_sessions: halfstar::api::KeptSessions::new(std::time::Duration::from_secs(
            settings.session_keep_seconds,
        )),
        import_sources: std::sync::Arc::new(halfstar::import::sources::Sources::new(
            settings.import.clone().settings(),
        )),
        // Uploads wait in the data directory, not in a /tmp that may be memory.
        rating_imports: std::sync::Arc::new(halfstar::member_import::jobs::Jobs::new(
            settings.rating_imports.limits(),
            data.data_dir.clone(),
        )),
        checks_new_releases: settings.new_releases,
        sends_mail: mailer.is_some(),
        confirms_sign_ups: settings.mail.confirm_sign_ups,
        sign_on,
        password_login: settings.sign_on.password_login,
        ..halfstar::api::AppParts::new(database)
    });
    // Printed, not only logged: scripts and tests read the chosen port here.
    println!(
        "halfstar is serving {} on http://{}",
        data.database_path().display(),
        listener.local_addr()?
    );
    let tasks = tasks::start_all(
        &state,
        &tasks::TaskSettings {
            pictures: settings.pictures.clone(),
            new_releases: settings.new_releases,
            orders_every: (settings.ranking_seconds > 0).then_some(keep * SWEEP_EVERY_KEEPS),
            mail: mailer.map(|mailer| {
                tasks::mail::Outbox::new(
                    mailer,
                    std::time::Duration::from_secs(settings.mail.mail_retry_seconds),
                )
            }),
            notification_mail_every: std::time::Duration::from_secs(
                settings.mail.mail_notifications_seconds,
            ),
        },
    );
    let router = app(state);
    let client_timeout = std::time::Duration::from_secs(settings.client_timeout_seconds);
    crate::connections::serve(listener, router, client_timeout, shutdown_signal()).await;
    tracing::info!("requests finished; stopping the background tasks");
    let left = tasks.stop(TASKS_STOP_WITHIN).await;
    if !left.is_empty() {
        tracing::warn!(tasks = ?left, "closing the database with these tasks still busy");
    }
    tracing::info!("closing the database");
    writer.finish().await?;
    Ok(())
}

/// The configured public address, or the listening address's, said once
/// when it is not configured: links in feeds and calendars then lead to
/// the listening address, which other machines may not reach.
fn public_url(settings: &ServeSettings, listening: std::net::SocketAddr) -> PublicUrl {
    match &settings.public_url {
        Some(configured) => {
            tracing::info!("links begin with the public URL {configured}");
            configured.clone()
        }
        None => {
            let derived = PublicUrl::from_listen(listening);
            tracing::warn!(
                "no public URL is set (--public-url or HALFSTAR_PUBLIC_URL): links in feeds, \
                 calendars and mail begin with {derived}, the listening address"
            );
            derived
        }
    }
}

async fn load_demo_when_empty(pool: &db::Pool) -> anyhow::Result<()> {
    let pool = pool.clone();
    tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
        let mut conn = pool.get()?;
        if !demo::database_is_empty(&conn)? {
            tracing::info!("the database has data already; not loading the demo");
            return Ok(());
        }
        let summary = demo::load(&mut conn, &auth::hash_password(demo::DEMO_PASSWORD)?)?;
        tracing::info!(
            "loaded the demo: {summary}; demo accounts use the password '{}'",
            demo::DEMO_PASSWORD
        );
        Ok(())
    })
    .await?
}

/// How many times the orders' keeping time passes between two sweeps of
/// the slow orders. Between sweeps, an order asked for is computed again
/// in the background once it is older than the keeping time.
const SWEEP_EVERY_KEEPS: u32 = 20;

/// How long the background tasks have to end their rounds once requests
/// have finished; a task still busy then is left to end with the process
/// (its unfinished write is never committed).
const TASKS_STOP_WITHIN: std::time::Duration = std::time::Duration::from_secs(5);

/// Resolves on SIGINT (Ctrl-C) or SIGTERM; requests in flight then finish.
async fn shutdown_signal() {
    let interrupt = async {
        tokio::signal::ctrl_c().await.ok();
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
