export * from './auth.js';
export * from './clubs.js';
export * from './mail.js';
export * from './messages.js';
export * from './council.js';
export * from './tokens.js';
export * from './admin.js';
export * from './volunteers.js';
