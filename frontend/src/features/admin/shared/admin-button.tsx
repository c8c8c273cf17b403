import type { ButtonHTMLAttributes, Ref } from 'react';

const VARIANT_CLASS = {
  plain: 'admin-button',
  primary: 'admin-button admin-button--primary',
  danger: 'admin-button admin-button--danger',
} as const;

interface AdminButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: keyof typeof VARIANT_CLASS;
  /** A form's own button submits it; every other admin button is a plain button. */
  type?: 'button' | 'submit';
  ref?: Ref<HTMLButtonElement>;
}

/** The admin area's text button: one place for its type and its look. */
export function AdminButton({ variant = 'plain', type = 'button', className, ...props }: AdminButtonProps) {
  const classes = className ? `${VARIANT_CLASS[variant]} ${className}` : VARIANT_CLASS[variant];
  return <button type={type} className={classes} {...props} />;
}
