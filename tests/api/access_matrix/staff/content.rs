//! Posts, page SEO and content, whitepapers and media: what authors, editors and owners may
//! read, write, publish, upload and change.
use super::*;

#[tokio::test]
async fn staff_read_every_post_and_other_accounts_only_the_published_ones() {
    let db = fresh_database().await;
    let team = Team::new(&db).await;
    draft_by(&db, &team.other_author, "someone-elses-draft").await;
    let all = count(&db, &service(), "select id from blog_posts").await;
    for member in [&team.owner, &team.editor, &team.author] {
        assert_eq!(
            count(&db, &member.caller(), "select id from blog_posts").await,
            all,
            "{:?}",
            member.role
        );
    }
    let stranger = add_account(&db, None, "Sam Stranger").await;
    assert_eq!(
        count(&db, &stranger.caller(), "select id from blog_posts").await,
        count(&db, &service(), PUBLIC_POSTS).await
    );
}

#[tokio::test]
async fn an_author_writes_only_their_own_drafts_and_never_publishes() {
    let db = fresh_database().await;
    let team = Team::new(&db).await;
    let author = team.author.caller();
    let mine = draft_by(&db, &team.author, "mine").await;
    let theirs = draft_by(&db, &team.other_author, "theirs").await;

    let created = rows(
        &db,
        &author,
        "insert into blog_posts (title, slug, description, category)
         values ('Prior authorization in 2027', 'prior-auth-2027', 'What changes', 'Compliance')
         returning author_id, author_name, published",
    )
    .await
    .unwrap();
    assert_eq!(
        created[0]["author_id"],
        json!(team.author.id),
        "the post is theirs"
    );
    assert_eq!(
        created[0]["author_name"], "Avery Author",
        "By their display name"
    );
    let insert = |extra_columns: &str, extra_values: &str| {
        format!(
            "insert into blog_posts (title, slug, description, category{extra_columns})
             values ('x', 'x', 'x', 'x'{extra_values})"
        )
    };
    for sql in [
        insert(", published", ", true"),
        insert(", publish_at", ", now() + interval '1 day'"),
        insert(", author_id", &format!(", '{}'", team.other_author.id)),
    ] {
        assert_denied(&db, &author, &sql).await;
    }

    let update = |set: &str, filter: &str| format!("update blog_posts set {set} where {filter}");
    let own = format!("id = '{mine}'");
    assert_eq!(
        run(&db, &author, &update("title = 'Better'", &own)).await,
        Ok(1)
    );
    assert_eq!(
        run(
            &db,
            &author,
            &update("title = 'Mine now'", &format!("id = '{theirs}'"))
        )
        .await,
        Ok(0),
        "another author's draft"
    );
    assert_eq!(
        run(&db, &author, &update("title = 'Defaced'", "published")).await,
        Ok(0),
        "published posts"
    );
    for set in [
        "published = true".to_string(),
        "publish_at = now() + interval '1 day'".to_string(),
        format!("author_id = '{}'", team.other_author.id),
        "author_id = null".to_string(),
    ] {
        assert_denied(&db, &author, &update(&set, &own)).await;
    }

    assert_eq!(
        run(
            &db,
            &author,
            &format!("delete from blog_posts where id = '{theirs}'")
        )
        .await,
        Ok(0)
    );
    assert_eq!(
        run(&db, &author, "delete from blog_posts where published").await,
        Ok(0)
    );
    assert_eq!(
        run(
            &db,
            &author,
            &format!("delete from blog_posts where id = '{mine}'")
        )
        .await,
        Ok(1)
    );
}

#[tokio::test]
async fn editors_and_owners_edit_publish_and_delete_every_post() {
    let db = fresh_database().await;
    let team = Team::new(&db).await;
    let theirs = draft_by(&db, &team.author, "an-authors-draft").await;
    for (member, name) in [(&team.editor, "Eden Editor"), (&team.owner, "Olive Owner")] {
        let caller = member.caller();
        assert_eq!(
            run(
                &db,
                &caller,
                &format!("update blog_posts set published = true, publish_at = now() + interval '1 day' where id = '{theirs}'")
            )
            .await,
            Ok(1),
            "{name} schedules an author's draft"
        );
        let created = rows(
            &db,
            &caller,
            "insert into blog_posts (title, slug, description, category, published)
             values ('Oxygen billing in 2027', 'oxygen-2027', 'What changes', 'Billing', true)
             returning author_id, author_name",
        )
        .await
        .unwrap();
        assert_eq!(created[0]["author_id"], json!(member.id));
        assert_eq!(created[0]["author_name"], name);
        let credited = rows(
            &db,
            &caller,
            &format!(
                "insert into blog_posts (title, slug, description, category, author_id)
                 values ('Ghost-written', 'ghost-written', 'x', 'x', '{}') returning author_id, author_name",
                team.other_author.id
            ),
        )
        .await
        .unwrap();
        assert_eq!(
            credited[0],
            json!({"author_id": team.other_author.id, "author_name": "Blake Author"}),
            "{name} credits another author"
        );
        assert!(
            run(&db, &caller, "delete from blog_posts").await.unwrap() >= 6,
            "{name} deletes any post"
        );
    }
}

#[tokio::test]
async fn page_seo_page_content_and_whitepapers_are_written_by_editors_and_owners() {
    let db = fresh_database().await;
    let team = Team::new(&db).await;
    let inserts = [
        "insert into page_seo_settings (page_route, page_name, meta_title) values ('/partners', 'Partners', 'Partners')",
        "insert into whitepapers (title, category, pages) values ('CMN checklist', 'Compliance', 4)",
    ];
    let changes = [
        "update page_seo_settings set meta_title = 'About ClaimBridge' where page_route = '/about'",
        "update page_seo_settings set content = '<p>Hello</p>' where page_route = '/about'",
        "update whitepapers set featured = not featured",
        "delete from page_seo_settings where page_route = '/careers'",
        "delete from whitepapers",
    ];
    let author = team.author.caller();
    for sql in inserts {
        assert_denied(&db, &author, sql).await;
    }
    for sql in changes {
        assert_eq!(run(&db, &author, sql).await, Ok(0), "{sql}");
    }
    for member in [&team.editor, &team.owner] {
        for sql in inserts {
            assert_eq!(run(&db, &member.caller(), sql).await, Ok(1), "{sql}");
        }
        for sql in changes {
            assert!(run(&db, &member.caller(), sql).await.unwrap() >= 1, "{sql}");
        }
    }
}

/// Two images in blog-images, one uploaded by the author and one by another author, each with
/// its media library row; and a whitepaper PDF.
async fn with_media(db: &TestDatabase, team: &Team) {
    db.execute(&format!(
        "insert into storage.objects (bucket_id, name, owner_id, metadata) values
           ('blog-images', 'mine.png', '{author}', '{{}}'), ('blog-images', 'theirs.png', '{other}', '{{}}'),
           ('blog-images', 'undescribed.png', '{other}', '{{}}'), ('whitepapers', 'guide.pdf', null, '{{}}');
         insert into media_assets (object_name, alt_text) values ('mine.png', 'Mine'), ('theirs.png', 'Theirs')",
        author = team.author.id,
        other = team.other_author.id
    ))
    .await;
}

#[tokio::test]
async fn authors_upload_images_and_change_only_their_own_editors_any_file() {
    let db = fresh_database().await;
    let team = Team::new(&db).await;
    with_media(&db, &team).await;
    let author = team.author.caller();
    let upload = |bucket: &str, member: &Account| {
        format!(
            "insert into storage.objects (bucket_id, name, owner_id, metadata) values ('{bucket}', 'new-file', '{}', '{{}}')",
            member.id
        )
    };
    let object = |verb: &str, name: &str| match verb {
        "update" => {
            format!("update storage.objects set metadata = '{{\"x\": 1}}' where name = '{name}'")
        }
        _ => format!("delete from storage.objects where name = '{name}'"),
    };
    assert_eq!(
        run(&db, &author, &upload("blog-images", &team.author)).await,
        Ok(1)
    );
    assert_denied(&db, &author, &upload("whitepapers", &team.author)).await;
    for verb in ["update", "delete"] {
        assert_eq!(
            run(&db, &author, &object(verb, "mine.png")).await,
            Ok(1),
            "{verb}"
        );
        assert_eq!(
            run(&db, &author, &object(verb, "theirs.png")).await,
            Ok(0),
            "{verb}"
        );
        assert_eq!(
            run(&db, &author, &object(verb, "guide.pdf")).await,
            Ok(0),
            "{verb}"
        );
    }

    assert_eq!(count(&db, &author, "select * from media_assets").await, 2);
    assert_eq!(
        run(&db, &author, "insert into media_assets (object_name, width, height) values ('undescribed.png', 640, 480)").await,
        Ok(1),
        "describes any image without a row"
    );
    let alt = |name: &str| {
        format!("update media_assets set alt_text = 'Renamed' where object_name = '{name}'")
    };
    assert_eq!(run(&db, &author, &alt("mine.png")).await, Ok(1));
    assert_eq!(run(&db, &author, &alt("theirs.png")).await, Ok(0));
    assert_eq!(
        run(
            &db,
            &author,
            "delete from media_assets where object_name = 'theirs.png'"
        )
        .await,
        Ok(0)
    );
    assert!(
        rows(&db, &author, "select * from public.media_usage()")
            .await
            .is_ok()
    );

    for member in [&team.editor, &team.owner] {
        let caller = member.caller();
        assert_eq!(
            run(&db, &caller, &upload("whitepapers", member)).await,
            Ok(1)
        );
        for verb in ["update", "delete"] {
            for name in ["theirs.png", "guide.pdf"] {
                assert_eq!(
                    run(&db, &caller, &object(verb, name)).await,
                    Ok(1),
                    "{verb} {name}"
                );
            }
        }
        assert_eq!(
            run(&db, &caller, "update media_assets set alt_text = 'Edited'").await,
            Ok(2)
        );
        assert_eq!(run(&db, &caller, "delete from media_assets").await, Ok(2));
    }

    let stranger = add_account(&db, None, "Sam Stranger").await.caller();
    assert_eq!(count(&db, &stranger, "select * from media_assets").await, 0);
    assert_denied(&db, &stranger, &upload("blog-images", &team.author)).await;
    assert_denied(&db, &stranger, "select * from public.media_usage()").await;
}
