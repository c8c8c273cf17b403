import { useQuery } from '@tanstack/react-query';
import { useConfirm } from '@/features/admin/shared/confirm-dialog';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { PreviewLinksPanel } from '@/features/admin/shared/previews/preview-links-panel';
import { DeletedPostsPanel } from '@/features/admin/shared/revisions/deleted-posts-panel';
import { RevisionsPanel } from '@/features/admin/shared/revisions/revisions-panel';
import { EMPTY_BLOG_FORM, postStatus, postToForm, type BlogPost } from './blog-post';
import { useDeletePost } from './delete-post';
import { ImageUploadPanel } from './image-upload-panel';
import { PostForm } from './post-form';
import { filtersFromSearch, searchFromFilters, type PostListFilters } from './post-list';
import { PostListCard } from './post-list-card';
import { adminPostQuery } from './post-query';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { can } from '@/features/admin/shared/admin-role';
import { useAdminSession } from '@/features/admin/shared/session/admin-session';
import { EditingPresence } from '@/features/admin/shared/presence/editing-presence';
import { useEditorPresence } from '@/features/admin/shared/presence/use-editor-presence';
import { confirmLeave } from '@/features/admin/shared/unsaved-changes';
import './blog-admin.css';

/**
 * /admin/blog (a new post) and /admin/blog/{id} (that post, so an edit can be linked, reloaded
 * or opened in another tab). Editors and owners see and change every post; an author sees their
 * own posts, changes and deletes only their drafts, and has no Publish control (an editor
 * publishes). A saved post stays open. The list's filters live in the address (?q=&status=...),
 * kept when a post is opened.
 */
export function BlogAdminPage() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const { postId = null } = useParams();
  const [searchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const editsAll = can(session.role, 'editAnyPost');
  const canPublish = can(session.role, 'publishPosts');
  const opened = useQuery({ ...adminPostQuery(postId ?? ''), enabled: postId !== null });
  const remove = useDeletePost();
  const { confirm, confirmDialog } = useConfirm();
  // Bumped to load the stored post into the form again (after a restore).
  const [reloads, setReloads] = useState(0);
  // A post this screen's new-post form created (by a save or an autosave): the same form goes
  // on editing it at its own address, without reloading it (focus and cursor stay). Once the
  // address is the post's (`arrived`), leaving it for any other (a new post, another post, Back)
  // retires that form: the next new post starts from a fresh one.
  const [adopted, setAdopted] = useState<{ id: string; arrived: boolean } | null>(null);
  const [freshForms, setFreshForms] = useState(0);
  if (adopted && !adopted.arrived && postId === adopted.id) setAdopted({ ...adopted, arrived: true });
  if (adopted?.arrived && postId !== adopted.id) {
    setAdopted(null);
    setFreshForms((count) => count + 1);
  }

  /** An author changes only their own drafts (never published or scheduled). */
  const mayChange = (post: BlogPost) =>
    editsAll || (post.author_id === session.userId && !post.published && post.publish_at === null);
  const editedPost = postId ? opened.data : undefined;
  // A stored post open in the form (the new-post form's own, or one loaded for editing): the
  // others who have it open show under the save status.
  const editing = postId !== null && (postId === adopted?.id || (editedPost != null && mayChange(editedPost)));
  const editors = useEditorPresence(editing ? { kind: 'post', id: postId } : null);
  const presence = <EditingPresence editors={editors} />;

  const search = searchParams.toString();
  const postHref = (id: string | null) => `${id ? `/admin/blog/${id}` : '/admin/blog'}${search ? `?${search}` : ''}`;
  const openPost = (id: string | null, replace = false) => {
    void navigate(postHref(id), { replace });
  };
  /** Another post, or a new one, from the list or the header: asks first when the form holds unsaved changes. */
  const switchTo = (id: string | null) => {
    if (confirmLeave()) openPost(id);
  };
  const setFilters = useCallback(
    (next: PostListFilters) => {
      void navigate({ search: searchFromFilters(next).toString() }, { replace: true });
    },
    [navigate],
  );

  /** After a restore: the editor shows the post as it is stored now. */
  const reload = async () => {
    await opened.refetch();
    setAdopted(null);
    setReloads((count) => count + 1);
  };

  const onDelete = async (post: BlogPost, then: () => void) => {
    const yes = await confirm({
      title: 'Delete this post?',
      children: (
        <>
          <p>Are you sure you want to delete this post?</p>
          <p className="admin-muted">“{post.title}” waits in Recently deleted, where it can be restored.</p>
        </>
      ),
      confirmLabel: 'Delete post',
      danger: true,
    });
    if (!yes) return;
    remove.mutate(post.id, {
      onSuccess: () => {
        toast({ title: 'Post deleted successfully!', description: `"${post.title}" is in Recently deleted.` });
        if (postId === post.id) openPost(null);
        then();
      },
      onError: () => {
        toast({ title: 'Error', description: 'Failed to delete post.', variant: 'destructive' });
      },
    });
  };

  const side = postId && editedPost && mayChange(editedPost) && (
    <>
      <PreviewLinksPanel
        target={{ kind: 'post', postId }}
        unavailable={
          postStatus(editedPost).label === 'Published' ? 'This post is published: share its address instead.' : null
        }
      />
      <RevisionsPanel
        entities={['blog_post']}
        entityId={postId}
        name={`"${editedPost.title}"`}
        onRestored={() => void reload()}
      />
    </>
  );

  const form = (() => {
    if (!postId || postId === adopted?.id) {
      return (
        <PostForm
          key={`new:${freshForms}:${reloads}`}
          editingId={postId}
          initial={EMPTY_BLOG_FORM}
          canPublish={canPublish}
          onSaved={(id) => {
            if (id !== postId) {
              setAdopted({ id, arrived: false });
              openPost(id, true);
            }
          }}
          onCancel={() => {
            openPost(null);
          }}
          side={side}
          presence={presence}
        />
      );
    }
    if (opened.isPending) return <AdminLoading>Loading the post...</AdminLoading>;
    if (opened.isError || !editedPost || !mayChange(editedPost)) {
      return (
        <AdminCard titleId="post-unavailable-title" title="This post cannot be edited here">
          <p className="admin-muted">
            {opened.isError
              ? 'It could not be loaded. Check your connection and reload the page.'
              : !editedPost
                ? 'It was deleted, or the link is wrong.'
                : 'It is published or scheduled: changes now go through an editor.'}
          </p>
          <p>
            <Link to="/admin/blog">Write a new post</Link>
          </p>
        </AdminCard>
      );
    }
    return (
      <PostForm
        key={`${postId}:${reloads}`}
        editingId={postId}
        initial={postToForm(editedPost)}
        canPublish={canPublish}
        onSaved={() => undefined}
        onCancel={() => {
          openPost(null);
        }}
        side={side}
        presence={presence}
      />
    );
  })();

  return (
    <div className="admin-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Blog Posts</h1>
        {postId && (
          <Link
            className="admin-button admin-button--primary"
            to={postHref(null)}
            onClick={(event) => {
              if (!confirmLeave()) event.preventDefault();
            }}
          >
            Write a new post
          </Link>
        )}
      </div>
      <ImageUploadPanel />
      {form}
      <PostListCard
        filters={filters}
        onFiltersChange={setFilters}
        onlyAuthor={editsAll ? null : session.userId}
        mayChange={mayChange}
        postHref={postHref}
        onEdit={(id) => {
          switchTo(id);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
        onDelete={(post, then) => {
          void onDelete(post, then);
        }}
      />
      <DeletedPostsPanel onlyDraftsOf={editsAll ? undefined : session.userId} />
      {confirmDialog}
    </div>
  );
}
