//! The admin's analytics over /rest/v1 (migration 20261206000200): analytics_series (views,
//! visitors and leads per day or week, in the admin's time zone, every period listed) and
//! analytics_breakdown (the range's totals and lists, bots and pages not found apart). Owners and
//! editors only; anon may not call them; unclear input is a 400 with the reason.
use cb_tests::{TestApp, add_account, add_staff, admin_jwt, spawn_app};
use serde_json::{Value, json};

use super::{expect_errors, patch, post};

const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

/// Two weeks of March 2026 in Chicago (Monday the 2nd to Sunday the 15th; clocks go forward on
/// the 8th): page views of people, one of a bot, one of a page not found, two just outside the
/// range; a contact lead, a spam lead, and a whitepaper lead with the copy the form sends to the
/// lead relay.
async fn march(app: &TestApp) {
    app.db
        .execute(&format!(
            "insert into page_analytics (session_id, page_path, user_agent, referrer, visited_at, time_on_page, scroll_depth, not_found) values
               ('session_1_a', '/',             '{CHROME}', 'https://www.Google.com/search?q=dme', '2026-03-02 15:00+00', 65, 80, false),
               ('session_1_a', '/about',        '{CHROME}', 'https://www.google.com/',             '2026-03-02 15:05+00', 0, 0, false),
               -- the 4th in UTC, still the 3rd in Chicago
               ('session_1_b', '/',             '{CHROME}', '',                                    '2026-03-04 03:00+00', 5, 100, false),
               ('session_1_c', '/services',     '{CHROME}', null,                                  '2026-03-10 16:00+00', 0, 0, false),
               ('session_1_d', '/',             'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', null, '2026-03-05 10:00+00', 0, 0, false),
               ('session_1_e', '/wp-login.php', '{CHROME}', null,                                  '2026-03-05 10:00+00', 0, 0, true),
               ('session_1_f', '/',             '{CHROME}', null,                                  '2026-03-02 05:00+00', 0, 0, false),
               ('session_1_f', '/',             '{CHROME}', null,                                  '2026-03-16 06:00+00', 0, 0, false);
             insert into leads (source, email, company_name, payload, received_at) values
               ('contact', 'ops@acme.example', 'Acme Medical', '{{\"howCanWeHelp\": \"Billing\"}}', '2026-03-03 18:00+00');
             insert into leads (source, email, company_name, payload, received_at, spam_reason, spam_flagged_at) values
               ('contact', 'spam@spam.example', 'Spam', '{{}}', '2026-03-03 18:00+00', 'captcha failed', '2026-03-03 18:00+00');
             insert into whitepaper_submissions (company_name, first_name, email, phone, current_challenges, created_at) values
               ('Oxygen Supply', 'Riley', 'riley@oxygen.example', '555-0100', 'How can we help: Denials\nClaims per month: 400', '2026-03-11 15:00+00');
             insert into leads (source, email, company_name, payload, received_at) values
               ('contact', 'Riley@oxygen.example', 'Oxygen Supply', '{{\"howCanWeHelp\": \"Denials\"}}', '2026-03-11 15:00:02+00');"
        ))
        .await;
}

fn series_args(time_zone: &str, unit: &str) -> Value {
    json!({"from_day": "2026-03-02", "to_day": "2026-03-15", "time_zone": time_zone, "unit": unit})
}

/// analytics_series as `token`, expecting 200: (first day, views, visitors, leads) per period.
async fn series(app: &TestApp, token: &str, args: &Value) -> Vec<(String, i64, i64, i64)> {
    let reply = post(app, "/rpc/analytics_series", args).bearer(token).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply
        .json()
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| {
            let count = |key: &str| row[key].as_i64().expect(key);
            (
                row["period_start"]
                    .as_str()
                    .expect("period_start")
                    .to_owned(),
                count("views"),
                count("visitors"),
                count("leads"),
            )
        })
        .collect()
}

fn day(date: &str, views: i64, visitors: i64, leads: i64) -> (String, i64, i64, i64) {
    (date.to_owned(), views, visitors, leads)
}

#[tokio::test]
async fn days_and_weeks_count_people_and_leads_in_the_admins_time_zone_with_empty_periods_as_zeros()
{
    let app = spawn_app().await;
    march(&app).await;
    let admin = admin_jwt();

    let mut expected: Vec<_> = (2..=15)
        .map(|d| day(&format!("2026-03-{d:02}"), 0, 0, 0))
        .collect();
    expected[0] = day("2026-03-02", 2, 1, 0);
    expected[1] = day("2026-03-03", 1, 1, 1);
    expected[8] = day("2026-03-10", 1, 1, 0);
    expected[9] = day("2026-03-11", 0, 0, 1);
    assert_eq!(
        series(&app, &admin, &series_args("America/Chicago", "day")).await,
        expected,
        "every day listed; the bot, the page not found, the spam lead and the whitepaper form's copy not counted"
    );

    assert_eq!(
        series(&app, &admin, &series_args("America/Chicago", "week")).await,
        vec![day("2026-03-02", 3, 2, 1), day("2026-03-09", 1, 1, 1)],
        "weeks start on Monday"
    );

    // The same views in UTC: the late visit is on the 4th, the early one of the 2nd comes in.
    let utc = series(&app, &admin, &series_args("UTC", "day")).await;
    assert_eq!(
        utc[..3],
        [
            day("2026-03-02", 3, 2, 0),
            day("2026-03-03", 0, 0, 1),
            day("2026-03-04", 1, 1, 0)
        ]
    );

    // A week that began before the first day is listed from its Monday; no day is left out.
    let weeks = series(
        &app,
        &admin,
        &json!({"from_day": "2026-03-04", "to_day": "2026-03-04", "time_zone": "America/Chicago", "unit": "week"}),
    )
    .await;
    assert_eq!(weeks, vec![day("2026-03-02", 0, 0, 0)]);
    // Unit left out: by day.
    let one_day = series(
        &app,
        &admin,
        &json!({"from_day": "2026-03-03", "to_day": "2026-03-03", "time_zone": "America/Chicago"}),
    )
    .await;
    assert_eq!(one_day, vec![day("2026-03-03", 1, 1, 1)]);
}

#[tokio::test]
async fn the_breakdown_lists_top_pages_and_sources_and_counts_bots_and_pages_not_found_apart() {
    let app = spawn_app().await;
    march(&app).await;
    let reply = post(
        &app,
        "/rpc/analytics_breakdown",
        &json!({"from_day": "2026-03-02", "to_day": "2026-03-15", "time_zone": "America/Chicago"}),
    )
    .bearer(&admin_jwt())
    .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let breakdown = reply.json();
    assert_eq!(
        breakdown["totals"],
        json!({"views": 4, "visitors": 3, "leads": 2, "avg_time_on_page": 35, "avg_scroll_depth": 90}),
        "averages only of the views whose exit was recorded"
    );
    assert_eq!(
        breakdown["pages"],
        json!([
            {"path": "/", "views": 2, "visitors": 2, "avg_time_on_page": 35, "avg_scroll_depth": 90},
            {"path": "/about", "views": 1, "visitors": 1, "avg_time_on_page": null, "avg_scroll_depth": null},
            {"path": "/services", "views": 1, "visitors": 1, "avg_time_on_page": null, "avg_scroll_depth": null}
        ])
    );
    assert_eq!(
        breakdown["sources"],
        json!([
            {"source": "", "views": 2, "visitors": 2},
            {"source": "www.google.com", "views": 2, "visitors": 1}
        ]),
        "by referring site (lower case), '' for direct visits"
    );
    assert_eq!(
        breakdown["not_found"],
        json!([{"path": "/wp-login.php", "views": 1, "last_seen": "2026-03-05T10:00:00+00:00"}])
    );
    assert_eq!(
        breakdown["bots"],
        json!([{"name": "Googlebot", "views": 1, "last_seen": "2026-03-05T10:00:00+00:00"}])
    );
    assert_eq!(
        breakdown["browsers"],
        json!([{"label": "Unknown", "views": 4}])
    );
}

#[tokio::test]
async fn owners_and_editors_may_ask_while_anon_authors_and_other_accounts_are_refused() {
    let app = spawn_app().await;
    march(&app).await;
    let args = series_args("America/Chicago", "week");
    let expected = vec![day("2026-03-02", 3, 2, 1), day("2026-03-09", 1, 1, 1)];
    for role in ["owner", "editor"] {
        let member = add_staff(&app.db, role, "Morgan Staff").await;
        assert_eq!(series(&app, &member.jwt(), &args).await, expected, "{role}");
    }

    let author = add_staff(&app.db, "author", "Avery Author").await;
    let stranger = add_account(&app.db, None, "Sam Stranger").await;
    let refused = json!({"message": "Only owners and editors can see analytics"});
    let breakdown_args =
        json!({"from_day": "2026-03-02", "to_day": "2026-03-15", "time_zone": "UTC"});
    expect_errors(vec![
        (
            post(&app, "/rpc/analytics_series", &args),
            401,
            "42501",
            json!({"message": "permission denied for function analytics_series"}),
        ),
        (
            post(&app, "/rpc/analytics_breakdown", &breakdown_args),
            401,
            "42501",
            json!({"message": "permission denied for function analytics_breakdown"}),
        ),
        (
            post(&app, "/rpc/analytics_series", &args).bearer(&author.jwt()),
            403,
            "42501",
            refused.clone(),
        ),
        (
            post(&app, "/rpc/analytics_breakdown", &breakdown_args).bearer(&stranger.jwt()),
            403,
            "42501",
            refused,
        ),
    ])
    .await;
}

#[tokio::test]
async fn an_unknown_time_zone_unit_or_range_is_a_400_that_says_why() {
    let app = spawn_app().await;
    let admin = admin_jwt();
    let call = |args: Value| post(&app, "/rpc/analytics_series", &args).bearer(&admin);
    let range = |from: &str, to: &str| json!({"from_day": from, "to_day": to, "time_zone": "UTC", "unit": "day"});
    expect_errors(vec![
        (
            call(series_args("Mars/Olympus_Mons", "day")),
            400,
            "22023",
            json!({"message": "Unknown time zone: Mars/Olympus_Mons",
                   "hint": "Send an IANA time zone name, such as America/Chicago"}),
        ),
        (
            // An injection attempt is only an unknown name.
            call(series_args("UTC'; drop table page_analytics; --", "day")),
            400,
            "22023",
            json!({"message": "Unknown time zone: UTC'; drop table page_analytics; --"}),
        ),
        (
            call(series_args("America/Chicago", "month")),
            400,
            "22023",
            json!({"message": "Group by day or week, not month"}),
        ),
        (
            call(range("2026-03-10", "2026-03-09")),
            400,
            "22023",
            json!({"message": "The last day is before the first day"}),
        ),
        (
            call(range("2024-03-09", "2026-03-10")),
            400,
            "22023",
            json!({"message": "Choose at most two years"}),
        ),
        (
            call(json!({"from_day": null, "to_day": "2026-03-10", "time_zone": "UTC"})),
            400,
            "22023",
            json!({"message": "Give a first and a last day"}),
        ),
        (
            post(
                &app,
                "/rpc/analytics_breakdown",
                &json!({"from_day": "2026-03-02", "to_day": "2026-03-15", "time_zone": ""}),
            )
            .bearer(&admin),
            400,
            "22023",
            json!({"message": "Give a time zone",
                   "hint": "Send an IANA time zone name, such as America/Chicago"}),
        ),
    ])
    .await;
    assert_eq!(
        series(&app, &admin, &range("2024-03-10", "2026-03-10"))
            .await
            .len(),
        731,
        "two years is the most"
    );
}

#[tokio::test]
async fn a_visitor_marks_their_own_view_as_not_found_at_the_view_and_at_the_exit() {
    let app = spawn_app().await;
    let row =
        json!({"session_id": "session_7_nf", "page_path": "/no-such-page", "not_found": true});
    let inserted = post(&app, "/page_analytics", &row).await;
    assert_eq!(inserted.status, 201, "{}", inserted.text);
    let marked = patch(
        &app,
        "/page_analytics?session_id=eq.session_7_nf&page_path=eq./no-such-page",
        &json!({"time_on_page": 3, "scroll_depth": 40, "not_found": false}),
    )
    .header("x-claimbridge-session", "session_7_nf")
    .await;
    assert_eq!(marked.status, 204, "{}", marked.text);
    assert_eq!(
        app.db
            .json_rows("select not_found, time_on_page from page_analytics")
            .await,
        vec![json!({"not_found": false, "time_on_page": 3})]
    );
}
