export { dismissToast, toast, type ToastAction, type ToastOptions, type ToastVariant } from './toast-store';
export { Toaster } from './toaster';
