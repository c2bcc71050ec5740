/** Message center sample threads (locker demo): artists from the shared roster and the sample brands. */
import { SAMPLE_ARTISTS, sampleArtwork } from '@/sample/artists';

export interface DemoMessage {
  id: string;
  from: 'me' | 'them';
  text: string;
  time: string;
}

export interface DemoThread {
  id: string;
  name: string;
  avatar: string;
  kind: 'artist' | 'brand';
  unread: number;
  messages: DemoMessage[];
}

const artist = (id: string) => SAMPLE_ARTISTS.find((entry) => entry.id === id);

export const SAMPLE_THREADS: DemoThread[] = [
  {
    id: 't-bti',
    name: artist('bti')?.name ?? 'BTI',
    avatar: artist('bti')?.avatar ?? '',
    kind: 'artist',
    unread: 2,
    messages: [
      {
        id: 'm1',
        from: 'them',
        text: 'Static Bloom (Live Cut) is in your Locker now. Tell me what you think of the second drop.',
        time: '9:12 PM',
      },
      { id: 'm2', from: 'them', text: 'Tier 3 fans get the stems on Friday.', time: '9:14 PM' },
    ],
  },
  {
    id: 't-northwave',
    name: 'Northwave Audio',
    avatar: sampleArtwork('Northwave Audio', 'NA'),
    kind: 'brand',
    unread: 1,
    messages: [
      {
        id: 'm3',
        from: 'them',
        text: 'Your headphone code from the Locker is ready: claim it before midnight.',
        time: '6:40 PM',
      },
      { id: 'm4', from: 'me', text: 'Claimed, thanks! Does it work in the EU store?', time: '6:52 PM' },
      { id: 'm5', from: 'them', text: 'Yes, every Northwave store accepts it.', time: '7:03 PM' },
    ],
  },
  {
    id: 't-mara',
    name: artist('mara-sol')?.name ?? 'Mara Sol',
    avatar: artist('mara-sol')?.avatar ?? '',
    kind: 'artist',
    unread: 0,
    messages: [
      { id: 'm6', from: 'them', text: 'Lagos Dawn Sketch is up. Sunrise set announcement soon.', time: 'Yesterday' },
    ],
  },
];
