export { dismissToast, toast, type ToastOptions, type ToastVariant } from './toast-store';
export { Toaster } from './toaster';
