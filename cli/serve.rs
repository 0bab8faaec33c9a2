//! `serve`: the web site.

use std::process::ExitCode;

use anyhow::Context;
use halfstar::config::{DataSettings, PublicUrl, ServeSettings};
use halfstar::{AppState, app, auth, db, demo};
use tower::ServiceExt;

pub fn run(data: &DataSettings, settings: &ServeSettings) -> anyhow::Result<ExitCode> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    share_malloc_arenas();
    temporary_files_in(&data.data_dir);
    tokio::runtime::Builder::new_multi_thread()
        // Blocking work is SQLite work, bounded by the pool's 8 connections;
        // more threads than a few per connection only add stacks and memory.
        .max_blocking_threads(32)
        .enable_all()
        .build()?
        .block_on(serve(data, settings))?;
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

/// The sweep frees tens of megabytes it used on the way; glibc keeps freed
/// memory below the top of its heaps for later, so it is handed back here
/// rather than held by an idle server until the next sweep.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn give_back_freed_memory() {
    // SAFETY: malloc_trim only returns free pages of the heaps to the system.
    unsafe {
        libc::malloc_trim(0);
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
        ..halfstar::api::AppParts::new(database)
    });
    // Printed, not only logged: scripts and tests read the chosen port here.
    println!(
        "halfstar is serving {} on http://{}",
        data.database_path().display(),
        listener.local_addr()?
    );
    halfstar::media::start_fetching(&state, &settings.pictures);
    halfstar::recommendations::start(&state);
    if settings.new_releases {
        halfstar::new_releases::start(&state);
    }
    halfstar::release_days::start(&state);
    // Every album's chart figures, read before the first shaped chart asks.
    let (facts, pool) = (state.chart_facts.clone(), state.pool.clone());
    tokio::task::spawn_blocking(move || {
        let started = std::time::Instant::now();
        let warmed = pool
            .get()
            .map_err(anyhow::Error::from)
            .and_then(|conn| Ok(facts.warm(&conn)?));
        match warmed {
            // Benchmarks wait for this line before timing a request.
            Ok(albums) => tracing::info!(
                "read the chart figures of {albums} albums in {} ms",
                started.elapsed().as_millis()
            ),
            Err(error) => tracing::warn!("cannot read the albums' chart figures: {error:#}"),
        }
    });
    let sweeping = state.clone();
    let router = app(state);
    if settings.ranking_seconds > 0 {
        tokio::spawn(warm_rankings(router.clone()));
        tokio::spawn(sweep_slow_orders(sweeping, keep * SWEEP_EVERY_KEEPS));
    }
    let client_timeout = std::time::Duration::from_secs(settings.client_timeout_seconds);
    crate::connections::serve(listener, router, client_timeout, shutdown_signal()).await;
    tracing::info!("requests finished; closing the database");
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

/// Asks once for the rankings the home and charts pages open with, so that
/// their first visitors do not wait for them to be computed.
async fn warm_rankings(router: axum::Router) {
    let path = "/api/album/popular-albums?limit=20";
    let request = axum::http::Request::get(path)
        .body(axum::body::Body::empty())
        .expect("a valid request");
    match router.oneshot(request).await {
        Ok(response) if response.status().is_success() => {}
        Ok(response) => tracing::warn!("warming {path} answered {}", response.status()),
        Err(never) => match never {},
    }
}

/// How many times the orders' keeping time passes between two sweeps of
/// the slow orders. Between sweeps, an order asked for is computed again
/// in the background once it is older than the keeping time.
const SWEEP_EVERY_KEEPS: u32 = 20;

/// Computes the slow orders (`api::sweep_orders`) now and then every
/// `every`, off the request path, so no reader waits for their first
/// computation.
async fn sweep_slow_orders(state: halfstar::api::AppState, every: std::time::Duration) {
    loop {
        let (pool, rankings, weight) = (
            state.pool.clone(),
            state.rankings.clone(),
            state.chart_prior_weight,
        );
        let swept = tokio::task::spawn_blocking(move || {
            let started = std::time::Instant::now();
            let conn = pool.get().map_err(anyhow::Error::from)?;
            let swept = db::with_sorts_on_disk(&conn, |conn| {
                halfstar::api::sweep_orders(conn, &rankings, weight)
            })?;
            #[cfg(all(target_os = "linux", target_env = "gnu"))]
            give_back_freed_memory();
            anyhow::Ok((swept, started.elapsed()))
        })
        .await;
        match swept {
            Ok(Ok((swept, took))) => tracing::info!(
                "computed the orders of {} chart scopes and {} search word beginnings in {took:.1?}",
                swept.chart_scopes,
                swept.search_beginnings
            ),
            Ok(Err(error)) => tracing::warn!("the orders could not be computed: {error:#}"),
            Err(panicked) => tracing::error!("computing the orders failed: {panicked}"),
        }
        tokio::time::sleep(every).await;
    }
}

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
