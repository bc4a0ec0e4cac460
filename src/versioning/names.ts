/**
 * Changeset names: `<adjective>-<noun>-<verb>` from three word lists (about a million combinations).
 * The random source is injected so tests can force collisions; files are created exclusively (`wx`) and
 * a taken name is retried with new words (decisions.md 4).
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolError } from '../errors.ts';

export const ADJECTIVES = `able brave bright brisk calm clean clever cold cool crisp curly daring eager early easy
fair fancy fast fierce fine firm fluffy fond free fresh friendly funny gentle giant glad golden good grand great
green happy hardy hidden honest huge humble jolly keen kind large late lazy light little lively loud lovely lucky
mighty modern neat nice noble odd old orange plain polite proud quick quiet rapid rare red rich round royal rusty
sad safe sharp shiny short shy silent silly simple slow small smart smooth soft solid spicy steady strong sunny
sweet swift tall tame tidy tiny tough warm wide wild wise witty young`.split(/\s+/);

export const NOUNS = `ant apple badger bat bear bee bird bison boat brook camel cat cheetah cloud cobra comet
cow crab crane crow deer dingo dog dolphin dove duck eagle eel elk falcon fish flame fox frog garden gecko goat
goose hawk hedge heron horse ibis jaguar kiwi koala lake lamb lark lemur leopard lion lizard llama lynx maple
meadow mole moon moose mouse newt otter owl panda parrot peach pear pig pigeon pony puma rabbit raven river robin
rocket seal shark sheep snail snake sparrow spider squid star stone swan tiger toad trout tulip turtle walrus
whale wolf wombat yak zebra`.split(/\s+/);

export const VERBS = `add argue bake bathe beam begin bend bloom blush boil bounce bow breathe build burn call
camp care carry change cheer chew clap climb collect cook count crawl cross cry dance dare dig dive draw dream
drink drive drop eat enjoy explain fetch fix float fly fold follow glow grab grin grow guess hide hope hum hunt
invite join jump kick knock laugh learn lick listen live look love march melt mix move nod obey open paint pass
play pray press pull push race rest return ring rise roll rule run rush sail shine shout sing sit skip sleep
smile sneeze speak swim talk think wait walk wave whistle win wink wish yawn`.split(/\s+/);

/** A uniform number in [0, 1), like Math.random. */
export type RandomSource = () => number;

function pick(words: readonly string[], random: RandomSource): string {
  return words[Math.min(words.length - 1, Math.floor(random() * words.length))]!;
}

export function changesetName(random: RandomSource = Math.random): string {
  return `${pick(ADJECTIVES, random)}-${pick(NOUNS, random)}-${pick(VERBS, random)}`;
}

const MAX_ATTEMPTS = 50;

/**
 * Creates `<dir>/<name>.md` with `content`, never overwriting: on EEXIST a new name is drawn.
 * Returns the id (name without `.md`) and the absolute path.
 */
export async function createChangesetFile(
  dir: string,
  content: string,
  random: RandomSource = Math.random,
): Promise<{ id: string; path: string }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const id = changesetName(random);
    const path = join(dir, `${id}.md`);
    try {
      await writeFile(path, content, { flag: 'wx' });
      return { id, path };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      // Created but not fully written (a full disk): no half changeset may stay behind.
      await rm(path, { force: true });
      if ((error as NodeJS.ErrnoException).path === undefined) Object.assign(error as object, { path });
      throw error;
    }
  }
  throw new ToolError(`could not find a free changeset name in ${dir} after ${MAX_ATTEMPTS} attempts`, {
    hint: 'run `specver version` to consume pending changesets, or try again',
  });
}
