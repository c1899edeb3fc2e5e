// The live sockets take their keep-alive pings in turns (server/src/graphql/ws-socket.ts): one
// group per tick, so a process holding thousands of sockets never pings them all at once, and
// every socket still comes up once per round.
import { describe, expect, it } from 'vitest';
import { TakingTurns } from '../../server/src/graphql/ws-socket.js';

const round = <T>(turns: TakingTurns<T>, ticks: number) => Array.from({ length: ticks }, () => [...turns.next()]);

describe('TakingTurns', () => {
  it('answers every item exactly once per round, a share of them per turn', () => {
    const turns = new TakingTurns<number>(4);
    for (let i = 0; i < 10; i++) turns.add(i);
    const groups = round(turns, 4);
    expect(groups.map((g) => g.length)).toEqual([3, 3, 2, 2]);
    expect(groups.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The next round is the same groups in the same order.
    expect(round(turns, 4)).toEqual(groups);
  });

  it('no longer answers an item once deleted, also from inside its own turn', () => {
    const turns = new TakingTurns<string>(2);
    for (const s of ['a', 'b', 'c', 'd']) turns.add(s);
    turns.delete('c');
    const seen: string[] = [];
    for (const s of turns.next()) {
      seen.push(s);
      turns.delete(s); // what a socket's close does while its turn is being read
    }
    expect(seen).toEqual(['a']);
    expect([...turns.next()]).toEqual(['b', 'd']);
    expect([...turns.next()]).toEqual([]);
    expect(turns.size).toBe(2);
  });

  it('has at least one turn, and clear() empties every turn', () => {
    const turns = new TakingTurns<number>(0);
    expect(turns.turns).toBe(1);
    turns.add(1);
    turns.add(2);
    expect([...turns.next()]).toEqual([1, 2]);
    turns.clear();
    expect([...turns.next()]).toEqual([]);
    expect(turns.size).toBe(0);
  });
});
