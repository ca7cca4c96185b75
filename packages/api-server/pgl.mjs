import { PGlite } from '@electric-sql/pglite';
for (let i=0;i<3;i++){const t0=Date.now();
const db = await PGlite.create('memory://');
console.log('create ms', Date.now()-t0); await db.close();}
const t0=Date.now();
const db = await PGlite.create('memory://'); await db.exec('create table a(x int)');
const dump = await db.dumpDataDir('none'); console.log('dump', Date.now()-t0, dump.size);
const t1=Date.now(); const db2 = await PGlite.create({loadDataDir: dump}); console.log('load', Date.now()-t1, (await db2.query('select * from a')).rows);
