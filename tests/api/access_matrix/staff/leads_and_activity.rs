//! Leads, analytics and the pipeline (editors read, owners also work them, authors see none),
//! and the activity log (owners read all of it, other staff their own entries).
use super::*;

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
