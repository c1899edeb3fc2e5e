import { useEffect, useRef } from 'react';

/** A ref whose element takes the keyboard focus once mounted when `focus` is set: for a result
 *  that replaces the button just pressed (which is gone, and with it the focus). */
export function useFocusOnMount<E extends HTMLElement>(focus: boolean) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return ref;
}
