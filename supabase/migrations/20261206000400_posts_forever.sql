-- "Delete forever" for the admin's "Recently deleted" posts. A deleted post lives on only in its
-- revisions (restore_revision brings it back from the delete revision); removing them is what makes
-- the delete final, so nothing can bring the post back and its text is no longer stored.
--
-- Editors and owners may do it for any deleted post; an author for their own deleted drafts (the
-- posts they may restore). A post still on the site is refused: it is deleted first, so a slip
-- cannot wipe a live post's history. Security definer because no API role may delete revisions.
create or replace function public.delete_posts_forever(post_ids uuid[]) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  my_role text := private.staff_role();
  gone integer;
begin
  if my_role is null then
    raise exception using errcode = '42501', message = 'Only staff can delete posts forever';
  end if;
  if post_ids is null or cardinality(post_ids) = 0 or cardinality(post_ids) > 1000 then
    raise exception using errcode = '22023', message = 'Name between 1 and 1000 posts to delete forever';
  end if;
  if exists (select 1 from public.blog_posts p where p.id = any(post_ids)) then
    raise exception using errcode = '22023',
      message = 'A post that is still on the list cannot be deleted forever',
      hint = 'Delete it first: it then waits in Recently deleted';
  end if;
  if my_role = 'author' and exists (
       select 1 from public.content_revisions r
        where r.entity = 'blog_post' and r.entity_id = any(post_ids) and r.action = 'delete'
          and ((r.previous ->> 'author_id') is distinct from private.request_user_id()::text
               or coalesce((r.previous ->> 'published')::boolean, false))) then
    raise exception using errcode = '42501', message = 'An author can delete forever only their own drafts';
  end if;

  select count(distinct r.entity_id) into gone
    from public.content_revisions r
   where r.entity = 'blog_post' and r.entity_id = any(post_ids) and r.action = 'delete';
  if gone = 0 then
    raise exception using errcode = 'PT404', message = 'None of these posts is in Recently deleted',
      hint = 'It may have been restored or deleted forever already';
  end if;

  -- Named in the log by their titles as they were deleted (the rows themselves are going).
  perform private.record_activity('delete_forever', 'blog_post', d.entity_id::text,
                                  format('Deleted forever: %s', coalesce(d.previous ->> 'title', d.entity_key)))
     from (select distinct on (r.entity_id) r.entity_id, r.entity_key, r.previous
             from public.content_revisions r
            where r.entity = 'blog_post' and r.entity_id = any(post_ids) and r.action = 'delete'
            order by r.entity_id, r.id desc) d;
  delete from public.content_revisions r where r.entity = 'blog_post' and r.entity_id = any(post_ids);
  return gone;
end
$$;
revoke execute on function public.delete_posts_forever(uuid[]) from public, anon;
grant execute on function public.delete_posts_forever(uuid[]) to authenticated, service_role;

