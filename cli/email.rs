//! `email`: checks the mail settings by sending one mail now, from the
//! command line, with the settings `serve` takes; makes the weekly digests
//! due now.

use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand};
use halfstar::config::{DataSettings, MailSettings, PublicUrl};
use halfstar::db::mail_subscriptions;
use halfstar::domain::timestamp;
use halfstar::mail::{Failure, Mailer, letters};

#[derive(Debug, Subcommand)]
pub enum EmailCommand {
    /// Send one test mail to ADDRESS through the mail server and print its answer.
    Test(Box<TestMail>),
    /// Make every weekly digest due now: a running server writes them within
    /// its next look at the notifications (`--mail-notifications-seconds`).
    DigestsNow,
}

#[derive(Debug, Args)]
pub struct TestMail {
    /// Where the test mail goes.
    address: String,

    /// The site's public address, as `serve` is given it: the mail names it,
    /// and the client greets the server by its host.
    #[arg(long, env = "HALFSTAR_PUBLIC_URL", value_parser = PublicUrl::parse)]
    public_url: Option<PublicUrl>,

    #[command(flatten)]
    mail: MailSettings,
}

pub fn run(data: &DataSettings, command: EmailCommand) -> anyhow::Result<ExitCode> {
    match command {
        EmailCommand::Test(test) => send_test(test),
        EmailCommand::DigestsNow => {
            let conn = data.open_database()?.get()?;
            let due = mail_subscriptions::make_digests_due(&conn, &timestamp::now())?;
            println!("{due} weekly digests are due now");
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn send_test(test: Box<TestMail>) -> anyhow::Result<ExitCode> {
    let site = test
        .public_url
        .unwrap_or_else(|| PublicUrl::from_listen(([127, 0, 0, 1], 8080).into()));
    let mailer = Mailer::from_settings(&test.mail, &site)
        .context("the mail settings")?
        .context("no mail server is set: give --smtp-url or HALFSTAR_SMTP_URL")?;
    match mailer.send(&test.address, letters::test(&site).words()) {
        Ok(answer) => {
            println!("sent: the mail server answered {answer}");
            Ok(ExitCode::SUCCESS)
        }
        Err(Failure::Temporary(why)) => {
            eprintln!("not sent, for now (the site would try again later): {why}");
            Ok(ExitCode::from(1))
        }
        Err(Failure::Permanent { message, .. }) => {
            eprintln!("refused (the site would not try again): {message}");
            Ok(ExitCode::from(1))
        }
    }
}
