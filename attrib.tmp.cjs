const fs=require('fs');const {SourceMapConsumer}=require('node_modules/source-map-js'.replace(/^/, '/work/main/'));const zlib=require('zlib');
const file=process.argv[2];const code=fs.readFileSync(file,'utf8');const map=JSON.parse(fs.readFileSync(file+'.map','utf8'));
const c=new SourceMapConsumer(map);const lines=code.split('\n');const by={};
let last=null;
// walk mappings in generated order
const segs=[];c.eachMapping(m=>segs.push(m),null,SourceMapConsumer.GENERATED_ORDER);
const lineStarts=[];let off=0;for(const l of lines){lineStarts.push(off);off+=l.length+1;}
for(let i=0;i<segs.length;i++){const m=segs[i];const n=segs[i+1];const s=lineStarts[m.generatedLine-1]+m.generatedColumn;const e=n?lineStarts[n.generatedLine-1]+n.generatedColumn:code.length;let src=m.source||'?';src=src.replace(/.*node_modules\//,'nm:').replace(/^(nm:(@[^/]+\/)?[^/]+).*/,'$1');by[src]=(by[src]||0)+(e-s);}
const tot=Object.values(by).reduce((a,b)=>a+b,0);
console.log('raw',code.length,'br',zlib.brotliCompressSync(code).length);
for(const [k,v] of Object.entries(by).sort((a,b)=>b[1]-a[1]).slice(0,25))console.log((v/1024).toFixed(1).padStart(7),k);
