import { Switch } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';

/** Which rows of a list are chosen for a bulk action (only ids still in the list count). */
export function useSelection(ids: readonly string[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(() => ids.filter((id) => chosen.has(id)), [ids, chosen]);
  const toggle = useCallback((id: string, on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setAll = useCallback((on: boolean) => setChosen(on ? new Set(ids) : new Set()), [ids]);
  const clear = useCallback(() => setChosen(new Set()), []);
  return { selected, allSelected: ids.length > 0 && selected.length === ids.length, toggle, setAll, clear, isSelected: (id: string) => chosen.has(id) };
}

/** A row's (or the whole list's) selection switch, named for what it selects. */
export function SelectSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(details) => onChange(details.checked)} colorPalette="teal" size="sm">
      {/* The empty labelledby lets aria-label name it (Ark points it at a label this switch has not). */}
      <Switch.HiddenInput aria-label={label} aria-labelledby="" />
      <Switch.Control />
    </Switch.Root>
  );
}
