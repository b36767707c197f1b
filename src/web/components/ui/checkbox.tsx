import { type InputHTMLAttributes, useEffect, useRef } from 'react';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Some but not all of a group are ticked: shown as a dash, announced as "mixed". */
  indeterminate?: boolean;
}

export function Checkbox({ indeterminate = false, className = '', ...props }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={`size-4 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-600 ${className}`}
      {...props}
    />
  );
}
