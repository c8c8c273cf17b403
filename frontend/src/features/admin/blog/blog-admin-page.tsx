import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFailureToast } from '@/features/admin/shared/error-toast';
import { toast } from '@/components/ui/toast';
import { formatDate } from '@/features/admin/shared/format-date';
import { PreviewLinksPanel } from '@/features/admin/shared/previews/preview-links-panel';
import { DeletedPostsPanel } from '@/features/admin/shared/revisions/deleted-posts-panel';
import { RevisionsPanel } from '@/features/admin/shared/revisions/revisions-panel';
import { EMPTY_BLOG_FORM, postStatus, postToForm, type BlogFormValues, type BlogPost } from './blog-post';
import { useDeletePost } from './delete-post';
import { ImageUploadPanel } from './image-upload-panel';
import { PostForm } from './post-form';
import { adminPostsQuery } from './posts-query';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminRowActions } from '@/features/admin/shared/admin-row-actions';
import { can } from '@/features/admin/shared/admin-role';
import { useAdminSession } from '@/features/admin/shared/session/admin-session';

interface Editing {
  id: string | null;
  values: BlogFormValues;
  /** Remounts the form whenever a post is loaded or the form is reset. */
  key: number;
}

/**
 * /admin/blog. Editors and owners see and change every post; an author sees their own posts,
 * changes and deletes only their drafts, and has no Publish control (an editor publishes).
 */
export function BlogAdminPage() {
  const session = useAdminSession();
  const editsAll = can(session.role, 'editAnyPost');
  const canPublish = can(session.role, 'publishPosts');
  const posts = useQuery(adminPostsQuery());
  const remove = useDeletePost();
  const [editing, setEditing] = useState<Editing>({ id: null, values: EMPTY_BLOG_FORM, key: 0 });

  useFailureToast(posts.isError, 'Error', 'Failed to load blog posts.');

  const reset = () => {
    setEditing((current) => ({ id: null, values: EMPTY_BLOG_FORM, key: current.key + 1 }));
  };

  /** After a restore: the editor shows the post as it is stored now. */
  const reload = async (id: string) => {
    const { data } = await posts.refetch();
    const post = data?.find((candidate) => candidate.id === id);
    if (post) setEditing((current) => ({ id, values: postToForm(post), key: current.key + 1 }));
    else reset();
  };

  const editedPost: BlogPost | undefined = posts.data?.find((post) => post.id === editing.id);
  const listed = editsAll ? posts.data : posts.data?.filter((post) => post.author_id === session.userId);
  /** An author changes only their own drafts (never published or scheduled). */
  const mayChange = (post: BlogPost) =>
    editsAll || (post.author_id === session.userId && !post.published && post.publish_at === null);

  const onDelete = (id: string) => {
    if (!window.confirm('Are you sure you want to delete this post?')) return;
    remove.mutate(id, {
      onSuccess: () => {
        toast({ title: 'Post deleted successfully!' });
        if (editing.id === id) reset();
      },
      onError: () => {
        toast({ title: 'Error', description: 'Failed to delete post.', variant: 'destructive' });
      },
    });
  };

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Blog Posts</h1>
      <ImageUploadPanel />
      <PostForm
        key={editing.key}
        editingId={editing.id}
        initial={editing.values}
        canPublish={canPublish}
        onDone={reset}
      />
      {editing.id && (
        <div className="admin-grid-2">
          <PreviewLinksPanel
            target={{ kind: 'post', postId: editing.id }}
            unavailable={
              editedPost && postStatus(editedPost).label === 'Published'
                ? 'This post is published: share its address instead.'
                : null
            }
          />
          <RevisionsPanel
            entities={['blog_post']}
            entityId={editing.id}
            name={editedPost ? `"${editedPost.title}"` : 'the post'}
            onRestored={() => void reload(editing.id ?? '')}
          />
        </div>
      )}
      <AdminCard titleId="existing-posts-title" title={editsAll ? 'Existing Posts' : 'Your posts'}>
        {posts.isPending ? (
          <AdminLoading>Loading posts...</AdminLoading>
        ) : (
          <ul className="admin-post-list">
            {(listed ?? []).map((post) => (
              <li key={post.id} className="admin-post">
                <div className="admin-post__body">
                  <h3 className="admin-post__title">{post.title}</h3>
                  <p className="admin-muted">
                    {post.category} · {post.read_time} min read
                  </p>
                  <p>{post.description}</p>
                  <PostStatusBadge post={post} />
                </div>
                {mayChange(post) ? (
                  <AdminRowActions
                    name={post.title}
                    onEdit={() => {
                      setEditing((current) => ({ id: post.id, values: postToForm(post), key: current.key + 1 }));
                      window.scrollTo({ top: 0, behavior: 'smooth' });
                    }}
                    onDelete={() => {
                      onDelete(post.id);
                    }}
                  />
                ) : (
                  <p className="admin-muted admin-post__locked">Published: changes now go through an editor.</p>
                )}
              </li>
            ))}
            {listed?.length === 0 && (
              <li className="admin-muted">
                {editsAll ? 'No posts yet.' : 'You have no posts yet. Write your first one above.'}
              </li>
            )}
          </ul>
        )}
      </AdminCard>
      {posts.data && (
        <DeletedPostsPanel
          existing={posts.data.map((post) => post.id)}
          onlyDraftsOf={editsAll ? undefined : session.userId}
        />
      )}
    </div>
  );
}

function PostStatusBadge({ post }: { post: BlogPost }) {
  const status = postStatus(post);
  if (status.label === 'Scheduled') {
    return (
      <span className="admin-badge admin-badge--scheduled">
        Scheduled · <time dateTime={status.at}>{formatDate(status.at)}</time>
      </span>
    );
  }
  return (
    <span className={status.label === 'Published' ? 'admin-badge admin-badge--ok' : 'admin-badge'}>{status.label}</span>
  );
}
