import { VolumeIcon } from '../ui/icons';
import { tonesSupported, unlockTones } from '#lib/practice/cues';
import { ToggleRow } from '../ui/choice-chips';

/**
 * The on/off switch for the sound cues of a guided session; absent where the browser cannot play
 * tones. Turning it on unlocks audio inside the user's gesture.
 */
export function SoundToggle({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  if (!tonesSupported()) return null;
  return (
    <ToggleRow
      label={label}
      hint={hint}
      icon={<VolumeIcon boxSize="5" />}
      checked={checked}
      onChange={(on) => {
        if (on) unlockTones();
        onChange(on);
      }}
    />
  );
}
