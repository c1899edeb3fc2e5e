// What an explorer example is; its own file so that every file of examples can name it without
// importing the list that gathers them (no import cycle).
export interface ExplorerExample {
  /** The operation's name (each example is one named operation). */
  name: string;
  domain: 'Account' | 'Messages' | 'Notifications' | 'Clubs' | 'Sports council' | 'API tokens' | 'Administration' | 'Users' | 'Moderation' | 'Volunteers';
  description: string;
  query: string;
  variables?: Record<string, unknown>;
}
