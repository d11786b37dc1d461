// boardgame.io's own Server with its default storage (InMemory: nothing reaches a disk) and
// the Stool Pigeon port; `node server.js PORT`. Prints "ready" once it listens.
'use strict';

const { Server, Origins } = require('boardgame.io/server');
const { StoolPigeon } = require('./stool-pigeon');

const port = Number(process.argv[2] || 8000);
const server = Server({ games: [StoolPigeon], origins: [Origins.LOCALHOST] });
server.run(port, () => console.log('ready'));
