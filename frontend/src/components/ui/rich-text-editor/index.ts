export { RichTextEditor, type EditorImage, type RichTextEditorProps } from './rich-text-editor';
export {
  BLOG_TOOLBAR,
  FULL_TOOLBAR,
  hasAllowedProtocol,
  IMAGE_PROTOCOLS,
  LINK_PROTOCOLS,
  PAGE_SEO_TOOLBAR,
  type ToolbarConfig,
} from './toolbars';
