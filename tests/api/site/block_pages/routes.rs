//! Routes: the ones the site owns, taken or malformed are refused, and the site's own pages
//! stay on the site.
use super::*;

#[tokio::test]
async fn routes_the_site_owns_taken_routes_and_bad_routes_are_refused() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let post =
        |route: &str| json!({"route": route, "name": "A page", "blocks": one_block("A page")});
    create_page(&app, &editor, post("/spring-webinar")).await;
    let answer = rest_as(&app, Some(&editor))
        .post("block_pages", post("/spring-webinar"))
        .await;
    assert_error(
        &answer,
        409,
        "23505",
        "A page already exists at /spring-webinar",
    );

    for owned in [
        "/contact",
        "/blog",
        "/blog/my-post",
        "/whitepapers",
        "/downloads",
        "/privacy-policy",
        "/cookie-policy",
        "/search",
        "/auth",
        "/auth/callback",
        "/welcome",
        "/reset-password",
        "/admin",
        "/admin/pages",
        "/preview/abc",
        "/rest",
        "/rest/v1",
        "/storage/v1",
        "/functions",
        "/realtime",
        "/assets/app",
        "/images",
        "/images/hero",
    ] {
        let answer = rest_as(&app, Some(&editor))
            .post("block_pages", post(owned))
            .await;
        assert_error(
            &answer,
            400,
            "22023",
            &format!("{owned} belongs to the site's own pages; choose another route"),
        );
    }
    let long = format!("/{}", "a".repeat(120));
    for bad in [
        "",
        "spring",
        "/Spring",
        "/spring-",
        "/-spring",
        "/spring--webinar",
        "/spring/",
        "//spring",
        "/spring.html",
        "/spring webinar",
        "/spring_webinar",
        "/%2e%2e",
        long.as_str(),
    ] {
        let answer = rest_as(&app, Some(&editor))
            .post("block_pages", post(bad))
            .await;
        assert_error(
            &answer,
            400,
            "22023",
            "A page's route is / or lowercase words of letters and digits joined by hyphens, such as /spring-webinar (at most 120 characters)",
        );
    }
    // Near misses of the owned routes are a page's to take.
    for fine in [
        "/administration",
        "/blogging",
        "/contact-us",
        "/offers/spring-2027",
        "/preview",
    ] {
        create_page(&app, &editor, post(fine)).await;
    }
    // Moving a page onto a taken route is refused the same way.
    let answer = rest_as(&app, Some(&editor))
        .patch(
            "block_pages?route=eq./blogging",
            json!({"route": "/spring-webinar"}),
        )
        .await;
    assert_error(
        &answer,
        409,
        "23505",
        "A page already exists at /spring-webinar",
    );
    let answer = rest_as(&app, Some(&editor))
        .patch("block_pages?route=eq./blogging", json!({"name": "  "}))
        .await;
    assert_error(
        &answer,
        400,
        "22023",
        "A page needs a name of 1 to 120 characters",
    );
}

#[tokio::test]
async fn the_sites_own_pages_stay_on_the_site() {
    let app = spawn_app().await;
    let team = StaffTeam::new(&app.db).await;
    let owner = team.owner.jwt();
    let page = create_page(
        &app,
        &owner,
        json!({"route": "/our-home", "name": "Home", "blocks": one_block("Home"), "published": true}),
    )
    .await;
    let one = format!("block_pages?id=eq.{}", page["id"].as_str().unwrap());
    // Only the setup marks a system page (the seed, or the service role).
    let answer = rest_as(&app, Some(&owner))
        .patch(&one, json!({"system": true}))
        .await;
    assert_error(
        &answer,
        403,
        "42501",
        "permission denied for table block_pages",
    );
    app.db
        .execute("update block_pages set system = true where route = '/our-home'")
        .await;

    let answer = rest_as(&app, Some(&owner)).delete(&one).await;
    assert_error(
        &answer,
        403,
        "42501",
        "Home is one of the site's own pages and cannot be deleted",
    );
    let hidden = "Home is one of the site's own pages and cannot be unpublished or scheduled";
    for (change, refusal) in [
        (json!({"published": false}), hidden),
        (json!({"publish_at": "2999-01-01T00:00:00Z"}), hidden),
        (
            json!({"route": "/home"}),
            "Home is one of the site's own pages and cannot move to another route",
        ),
        // Nor does the owner unmark it.
        (
            json!({"system": false}),
            "permission denied for table block_pages",
        ),
    ] {
        let answer = rest_as(&app, Some(&owner)).patch(&one, change).await;
        assert_error(&answer, 403, "42501", refusal);
    }
    // Authors change none of them.
    let (status, rows) = rest_as(&app, Some(&team.author.jwt()))
        .patch(&one, json!({"name": "x"}))
        .await;
    assert_eq!((status, rows), (200, json!([])));

    // Their blocks and name are staff's to change.
    let (status, rows) = rest_as(&app, Some(&team.editor.jwt()))
        .patch(
            &one,
            json!({"blocks": one_block("New headline"), "name": "Home page"}),
        )
        .await;
    assert_eq!(
        (status, &rows[0]["blocks"]),
        (200, &one_block("New headline")),
        "{rows}"
    );
    assert_eq!(
        app.db.count("select count(*) from block_pages where system and published and route = '/our-home'").await,
        1
    );
}
