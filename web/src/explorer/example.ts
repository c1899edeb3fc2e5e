// What one example operation of the explorer is (the examples themselves are in examples-*.ts).
export interface ExplorerExample {
  /** The operation's name (each example is one named operation). */
  name: string;
  domain: 'Account' | 'Messages' | 'Notifications' | 'Clubs' | 'Sports council' | 'API tokens' | 'Administration' | 'Users' | 'Moderation' | 'Volunteers';
  description: string;
  query: string;
  variables?: Record<string, unknown>;
}
