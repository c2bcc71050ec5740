import { Chip, Group } from '@mantine/core';
import { GENRE_OPTIONS } from '../constants';

/** The 12 genres; optional. */
export function GenrePicker({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  return (
    <Chip.Group multiple value={value} onChange={onChange}>
      <Group gap="xs" role="group" aria-label="Genres">
        {GENRE_OPTIONS.map((genre) => (
          <Chip key={genre} value={genre} variant="outline">
            {genre}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
