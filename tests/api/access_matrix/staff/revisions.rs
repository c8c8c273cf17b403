//! Revisions and deleted posts: previews and restores (an author's own drafts, an editor's
//! everything, a gone author's post), and deleting forever.
use super::*;

const NOT_FOUND: &str = "PT404";

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
