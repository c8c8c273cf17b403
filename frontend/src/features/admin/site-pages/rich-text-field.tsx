import { toast } from '@/components/ui/toast';
import { BLOG_TOOLBAR, RichTextEditor } from '@/components/ui/rich-text-editor';
import { useMediaPicker } from '@/features/admin/shared/media/use-media-picker';

/**
 * A rich text block's HTML, in the post editor (its toolbar and media library): the page shows
 * it only through lib/sanitize-html.ts.
 */
export function RichTextField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
}) {
  const { pickImage, mediaPicker } = useMediaPicker();
  return (
    <>
      <RichTextEditor
        label={label}
        value={value}
        onChange={onChange}
        toolbar={BLOG_TOOLBAR}
        minHeight={240}
        pickImage={pickImage}
        onImageInserted={() => {
          toast({ title: 'Image inserted!', description: 'The image has been added to the text.' });
        }}
      />
      {mediaPicker}
    </>
  );
}
