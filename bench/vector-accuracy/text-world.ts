// A small world of English sentences (people, actions, things, places, times, feelings) for the
// vector-accuracy bench: memories shaped like an agent's, many of them close in meaning.
import { rng } from '../common/rng';

const PEOPLE = ['Ada', 'Bo', 'Caroline', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jon', 'Kemal', 'Lena', 'Mateo', 'Nadia', 'Omar', 'Priya', 'my sister', 'my manager', 'the landlord', 'our neighbour'];
const ACTIONS = ['fixed', 'painted', 'cooked', 'bought', 'lost', 'found', 'borrowed', 'sold', 'cleaned', 'planned', 'cancelled', 'booked', 'reviewed', 'wrote', 'read', 'built', 'broke', 'returned', 'shared', 'forgot'];
const THINGS = ['the bike', 'a lentil curry', 'the quarterly report', 'tickets to Lisbon', 'the kitchen tap', 'a birthday cake', 'the garden fence', 'a novel about lighthouses', 'the deploy script', 'an old guitar', 'the tax forms', 'a watercolour of the harbour', 'the wedding playlist', 'a used car', 'the database migration', 'running shoes', 'a board game', 'the rent contract', 'a pottery bowl', 'the team offsite'];
const PLACES = ['at home', 'at the office', 'in the park', 'at the market', 'by the lake', 'at the gym', 'downtown', 'at the library', 'in the garage', 'at the airport', 'at school', 'on the train'];
const TIMES = ['this morning', 'last night', 'on Saturday', 'before lunch', 'after work', 'yesterday', 'during the storm', 'over the holidays', 'at dawn', 'on the way back'];
const FEELINGS = ['and it felt great', 'which was stressful', 'and nobody noticed', 'and we laughed about it', 'though it took hours', 'and I was relieved', 'which annoyed everyone', 'and it went smoothly', '', ''];

/** A sentence maker drawing from the world with its own seeded random sequence. */
export function worldSentences(seed: number): () => string {
  const random = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  return () => `${pick(PEOPLE)} ${pick(ACTIONS)} ${pick(THINGS)} ${pick(PLACES)} ${pick(TIMES)} ${pick(FEELINGS)}`.trim() + '.';
}
