//! What each staff role may do (the author, editor and owner columns of the matrix), with the
//! tokens GoTrue issues staff, on every CMS table, both buckets and the CMS functions; and that
//! only an active member with a live session counts.
use cb_tests::add_account;

use super::*;

const NOT_FOUND: &str = "PT404";

/// The ids of posts published and due, which everyone reads.
const PUBLIC_POSTS: &str =
    "select id from blog_posts where published and (publish_at is null or publish_at <= now())";

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

/// The first revision of the post `entity_id` that matches `filter`.
async fn revision(db: &TestDatabase, entity_id: &str, filter: &str) -> i64 {
    db.scalar(&format!(
        "select id from content_revisions where entity_id = '{entity_id}' and {filter} order by id limit 1"
    ))
    .await
}

#[tokio::test]
async fn authors_preview_and_restore_only_their_own_drafts_editors_everything() {
    let db = fresh_database().await;
    let team = Team::new(&db).await;
    let mine = draft_by(&db, &team.author, "mine").await;
    let theirs = draft_by(&db, &team.other_author, "theirs").await;
    // Kept: saves (each a revision) and one preview link to each draft.
    db.execute(&format!(
        "update blog_posts set content = '<p>Second draft</p>' where id in ('{mine}', '{theirs}');
         update blog_posts set published = true where id = '{mine}';
         update blog_posts set published = false where id = '{mine}';
         update page_seo_settings set content = '<p>New about page</p>' where page_route = '/about';
         insert into preview_links (token_hash, kind, post_id, expires_at) values
           ('a1', 'post', '{mine}', now() + interval '1 day'), ('b2', 'post', '{theirs}', now() + interval '1 day')"
    ))
    .await;
    let mine_created = revision(&db, &mine, "action = 'create'").await;
    let mine_published = revision(&db, &mine, "snapshot ->> 'published' = 'true'").await;
    let theirs_created = revision(&db, &theirs, "action = 'create'").await;
    let page = db
        .scalar::<i64>("select id from content_revisions where entity = 'page_content' order by id desc limit 1")
        .await;
    let restore = |id: i64| format!("select public.restore_revision({id}) as id");

    let author = team.author.caller();
    assert_eq!(
        count(
            &db,
            &author,
            "select id from content_revisions where entity <> 'blog_post'"
        )
        .await,
        0,
        "no page revisions"
    );
    assert!(
        count(
            &db,
            &author,
            &format!("select id from content_revisions where entity_id = '{theirs}'")
        )
        .await
            >= 2
    );
    assert!(rows(&db, &author, &restore(mine_created)).await.is_ok());
    assert_eq!(
        rows(&db, &author, &restore(theirs_created)).await,
        Err(PERMISSION_DENIED.into())
    );
    assert_eq!(
        rows(&db, &author, &restore(mine_published)).await,
        Err(PERMISSION_DENIED.into()),
        "a restore that would publish"
    );
    assert_eq!(
        rows(&db, &author, &restore(page)).await,
        Err(NOT_FOUND.into())
    );

    let link = |kind_and_target: &str| {
        format!("select public.create_preview_link({kind_and_target}) as link")
    };
    let post_link = |id: &str| link(&format!("'post', post_id => '{id}'"));
    let page_link = link("'page', page_route => '/about', content => '<p>x</p>'");
    assert!(rows(&db, &author, &post_link(&mine)).await.is_ok());
    assert_eq!(
        rows(&db, &author, &post_link(&theirs)).await,
        Err(PERMISSION_DENIED.into())
    );
    assert_eq!(
        rows(&db, &author, &page_link).await,
        Err(PERMISSION_DENIED.into())
    );
    assert_eq!(
        count(&db, &author, "select id from preview_links").await,
        1,
        "the link to their post"
    );
    assert_eq!(
        run(&db, &author, "update preview_links set revoked_at = now()").await,
        Ok(1)
    );

    for member in [&team.editor, &team.owner] {
        let caller = member.caller();
        assert!(
            count(
                &db,
                &caller,
                "select id from content_revisions where entity = 'page_content'"
            )
            .await
                >= 1
        );
        assert!(rows(&db, &caller, &restore(page)).await.is_ok());
        assert!(rows(&db, &caller, &restore(theirs_created)).await.is_ok());
        assert!(rows(&db, &caller, &restore(mine_published)).await.is_ok());
        assert!(rows(&db, &caller, &post_link(&theirs)).await.is_ok());
        assert!(rows(&db, &caller, &page_link).await.is_ok());
        assert_eq!(count(&db, &caller, "select id from preview_links").await, 2);
        assert_eq!(
            run(&db, &caller, "update preview_links set revoked_at = now()").await,
            Ok(2)
        );
    }
    // Nobody writes revisions or links directly, nor reads a token's hash.
    for member in [&team.author, &team.editor, &team.owner] {
        let caller = member.caller();
        assert_denied(&db, &caller, "delete from content_revisions").await;
        assert_denied(&db, &caller, "select token_hash from preview_links").await;
        assert_denied(&db, &caller, "update preview_links set expires_at = now()").await;
    }
}

/// A contact lead with a delivery and an email notification, and a whitepaper submission.
async fn with_leads(db: &TestDatabase) {
    db.execute(
        "with lead as (insert into leads (source, email, payload) values ('contact', 'ops@supplier.example', '{}') returning id)
         insert into lead_deliveries (lead_id, target_url) select id, 'https://hooks.example.test/x' from lead;
         insert into lead_notifications (kind, lead_id) select 'contact', id from leads;
         insert into whitepaper_submissions (company_name, first_name, email, phone)
         values ('Supplier Co', 'Ada', 'ada@supplier.example', '555-0100')",
    )
    .await;
}

#[tokio::test]
async fn editors_read_leads_and_analytics_owners_also_work_the_pipeline_authors_see_none() {
    let db = fresh_database().await;
    with_analytics(&db).await;
    with_leads(&db).await;
    let team = Team::new(&db).await;
    let reads = [
        "select * from leads",
        "select * from lead_deliveries",
        "select * from lead_notifications",
        "select * from whitepaper_submissions",
        "select user_agent, time_on_page from page_analytics",
    ];
    let pipeline = [
        "update leads set status = 'contacted', assignee = 'Olive'",
        "update whitepaper_submissions set status = 'qualified', internal_note = 'Call back'",
        "update lead_deliveries set status = 'pending', next_attempt_at = now()",
        "delete from leads",
        "delete from whitepaper_submissions",
        "delete from page_analytics",
    ];
    let submission = "insert into whitepaper_submissions (company_name, first_name, email, phone)
                      values ('Walk-in Co', 'Bo', 'bo@walkin.example', '555-0101')";

    let author = team.author.caller();
    for sql in reads {
        assert_eq!(count(&db, &author, sql).await, 0, "{sql}");
    }
    for sql in pipeline {
        assert_eq!(run(&db, &author, sql).await, Ok(0), "{sql}");
    }
    let editor = team.editor.caller();
    for sql in reads {
        assert!(count(&db, &editor, sql).await >= 1, "{sql}");
    }
    assert_eq!(
        count(&db, &editor, "select id from page_analytics").await,
        2,
        "every session"
    );
    for sql in pipeline {
        assert_eq!(run(&db, &editor, sql).await, Ok(0), "{sql}");
    }
    // Only an owner adds a submission without antispam-check's lead ticket.
    assert_denied(&db, &author, submission).await;
    assert_denied(&db, &editor, submission).await;

    let owner = team.owner.caller();
    for sql in reads {
        assert!(count(&db, &owner, sql).await >= 1, "{sql}");
    }
    for sql in pipeline {
        assert!(run(&db, &owner, sql).await.unwrap() >= 1, "{sql}");
    }
    assert_eq!(run(&db, &owner, submission).await, Ok(1));
    assert_denied(
        &db,
        &owner,
        "update leads set email = 'changed@example.com'",
    )
    .await;
}

#[tokio::test]
async fn owners_read_the_whole_activity_log_other_staff_their_own_entries() {
    let db = fresh_database().await;
    let team = Team::new(&db).await;
    db.execute(&format!(
        "insert into admin_activity (action, actor_id, actor_name) values
           ('save', '{}', 'Avery Author'), ('publish', '{}', 'Eden Editor'), ('sign_in', null, 'passcode')",
        team.author.id, team.editor.id
    ))
    .await;
    let log = "select action from admin_activity";
    assert_eq!(
        rows(&db, &team.author.caller(), log).await,
        Ok(vec![json!({"action": "save"})])
    );
    assert_eq!(
        rows(&db, &team.editor.caller(), log).await,
        Ok(vec![json!({"action": "publish"})])
    );
    assert_eq!(count(&db, &team.owner.caller(), log).await, 3);
    assert_eq!(
        count(&db, &admin(), log).await,
        3,
        "the passcode is an owner"
    );
    assert_eq!(
        count(&db, &add_account(&db, None, "Sam").await.caller(), log).await,
        0
    );

    let report = |action: &str| {
        format!("select public.log_admin_activity('{action}', 'media', 'chart.png')")
    };
    for member in [&team.author, &team.editor, &team.owner] {
        let caller = member.caller();
        for action in ["media_upload", "media_delete", "sign_out"] {
            assert!(
                rows(&db, &caller, &report(action)).await.is_ok(),
                "{action}"
            );
        }
        assert_denied(
            &db,
            &caller,
            "insert into admin_activity (action) values ('save')",
        )
        .await;
        assert_denied(&db, &caller, "delete from admin_activity").await;
    }
    // Owners manage exports.
    assert_denied(&db, &team.author.caller(), &report("export")).await;
    assert_denied(&db, &team.editor.caller(), &report("export")).await;
    assert!(
        rows(&db, &team.owner.caller(), &report("export"))
            .await
            .is_ok()
    );
}

/// What private.staff_role() answers a caller with `claims`.
async fn role_of(db: &TestDatabase, claims: Value) -> Value {
    let caller = Caller::new("authenticated", claims);
    rows(db, &caller, "select private.staff_role() as role")
        .await
        .unwrap()[0]["role"]
        .clone()
}

#[tokio::test]
async fn the_role_is_read_from_the_table_for_a_live_session_of_an_active_member() {
    let db = fresh_database().await;
    let editor = add_staff(&db, "editor", "Eden Editor").await;
    assert_eq!(role_of(&db, editor.claims()).await, "editor");
    assert_eq!(role_of(&db, admin_claims()).await, "owner", "the passcode");
    // The claim says nothing: the table does.
    assert_eq!(
        role_of(&db, editor.claims_with(json!({"staff_role": "owner"}))).await,
        "editor"
    );
    assert_eq!(
        role_of(
            &db,
            editor.claims_with(json!({"session_id": uuid::Uuid::new_v4()}))
        )
        .await,
        Value::Null,
        "a session that is not theirs"
    );
    assert_eq!(
        role_of(&db, editor.claims_with(json!({"sub": "not-a-uuid"}))).await,
        Value::Null
    );

    for (why, spoil) in [
        (
            "deactivated",
            "update private.staff_members set deactivated_at = now() where user_id = $1",
        ),
        (
            "banned",
            "update auth.users set banned_until = now() + interval '1 hour' where id = $1",
        ),
        (
            "deleted",
            "update auth.users set deleted_at = now() where id = $1",
        ),
        ("signed out", "delete from auth.sessions where user_id = $1"),
        (
            "session timed out",
            "update auth.sessions set not_after = now() - interval '1 second' where user_id = $1",
        ),
        (
            "no longer staff",
            "delete from private.staff_members where user_id = $1",
        ),
    ] {
        let author = add_staff(&db, "author", "Avery Author").await;
        let caller = author.caller();
        let draft = "insert into blog_posts (title, slug, description, category) values ('x', 'x', 'x', 'x')";
        assert_eq!(run(&db, &caller, draft).await, Ok(1), "{why}: before");
        cb_db::sqlx::query(spoil)
            .bind(author.id)
            .execute(&db.pool)
            .await
            .unwrap();
        assert_eq!(role_of(&db, author.claims()).await, Value::Null, "{why}");
        assert_denied(&db, &caller, draft).await;
        assert_eq!(
            count(&db, &caller, "select id from blog_posts").await,
            count(&db, &service(), PUBLIC_POSTS).await,
            "{why}: drafts are hidden again"
        );
    }
}

#[tokio::test]
async fn a_post_whose_authors_account_is_gone_is_restored_without_an_author() {
    let db = fresh_database().await;
    let team = Team::new(&db).await;
    let theirs = draft_by(&db, &team.other_author, "left-behind").await;
    db.execute(&format!(
        "delete from blog_posts where id = '{theirs}'; delete from auth.users where id = '{}'",
        team.other_author.id
    ))
    .await;
    let deleted = revision(&db, &theirs, "action = 'delete'").await;
    // The editor's restore, committed (as a request through the API would be).
    db.execute(&format!(
        "begin;
         select set_config('role', 'authenticated', true), set_config('request.jwt.claims', '{}', true);
         select public.restore_revision({deleted});
         commit;",
        team.editor.claims()
    ))
    .await;
    assert_eq!(
        db.json_rows(&format!(
            "select author_id, author_name from blog_posts where id = '{theirs}'"
        ))
        .await,
        [json!({"author_id": null, "author_name": "Blake Author"})]
    );
}

#[tokio::test]
async fn authors_delete_forever_only_their_own_deleted_drafts_editors_any() {
    let db = fresh_database().await;
    let team = Team::new(&db).await;
    let mine = draft_by(&db, &team.author, "mine-to-purge").await;
    let theirs = draft_by(&db, &team.other_author, "theirs-to-purge").await;
    let was_live = draft_by(&db, &team.author, "was-live").await;
    db.execute(&format!(
        "update blog_posts set published = true where id = '{was_live}';
         delete from blog_posts where id in ('{mine}', '{theirs}', '{was_live}')"
    ))
    .await;
    let purge = |ids: &[&str]| {
        let list = ids
            .iter()
            .map(|id| format!("'{id}'"))
            .collect::<Vec<_>>()
            .join(", ");
        format!("select public.delete_posts_forever(array[{list}]::uuid[]) as gone")
    };
    let history = |id: &str| format!("select id from content_revisions where entity_id = '{id}'");

    let author = team.author.caller();
    for (ids, why) in [
        (vec![theirs.as_str()], "another author's draft"),
        (vec![was_live.as_str()], "a post that was live when deleted"),
        (
            vec![mine.as_str(), theirs.as_str()],
            "one of the list is not theirs",
        ),
    ] {
        assert_eq!(
            rows(&db, &author, &purge(&ids)).await,
            Err(PERMISSION_DENIED.into()),
            "{why}"
        );
    }
    assert!(
        count(&db, &service(), &history(&theirs)).await > 0,
        "nothing removed"
    );
    assert_eq!(
        rows(&db, &author, &purge(&[&mine])).await,
        Ok(vec![json!({"gone": 1})])
    );
    assert_eq!(
        rows(&db, &team.editor.caller(), &purge(&[&theirs, &was_live])).await,
        Ok(vec![json!({"gone": 2})])
    );
    // The author's, committed (as a request through the API would be): the history is gone.
    db.execute(&format!(
        "begin;
         select set_config('role', 'authenticated', true), set_config('request.jwt.claims', '{}', true);
         {};
         commit;",
        team.author.claims(),
        purge(&[&mine])
    ))
    .await;
    assert_eq!(count(&db, &service(), &history(&mine)).await, 0);
    assert!(count(&db, &service(), &history(&theirs)).await > 0);
}
