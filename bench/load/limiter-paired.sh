#!/bin/bash
# The rate limiter's cost on the default keyed path: one build, two APIs on the same Neo4j and
# Redis, one with the limit off (A) and one at its defaults (B); single-client recalls and encodes
# into one 300-memory agent, alternating A/B so the machine's load hits both alike.
# Usage: npm run build && bash bench/load/limiter-paired.sh [recalls, default 600]
cd "$(dirname "$0")/../.."
T=abt; K=ab-key-123456789
common="LIMBIC_API_KEYS=$K:$T LIMBIC_EMBEDDER=hash LIMBIC_LOG_LEVEL=warn"
env $common LIMBIC_PORT=4561 LIMBIC_QUEUE_PREFIX=aba LIMBIC_RATE_LIMIT_COST_PER_SEC=0 node dist/apps/api/src/main.js > /tmp/ab-a.log 2>&1 &
PA=$!
env $common LIMBIC_PORT=4562 LIMBIC_QUEUE_PREFIX=abb node dist/apps/api/src/main.js > /tmp/ab-b.log 2>&1 &
PB=$!
until curl -sf http://127.0.0.1:4561/health/ready >/dev/null && curl -sf http://127.0.0.1:4562/health/ready >/dev/null; do sleep 0.5; done
node -e "
const g=async(port,query,variables)=>{const r=await fetch('http://127.0.0.1:'+port+'/graphql',{method:'POST',headers:{'content-type':'application/json',authorization:'Bearer $K'},body:JSON.stringify({query,variables})});const j=await r.json(); if(j.errors) throw new Error(JSON.stringify(j.errors)); return j.data;};
const N=Number(process.argv[1]);
(async()=>{
 const agent='ab'+Date.now(); await g(4561,'mutation(\$id:ID!){createAgent(input:{id:\$id}){id}}',{id:agent});
 for(let i=0;i<300;i++) await g(4561,'mutation(\$i:EncodeInput!){encode(input:\$i){id}}',{i:{agentId:agent,content:'note '+i+' about topic '+(i%13)+' and the deploy '+(i%7)}});
 const rec=async(port,i)=>{const t=performance.now(); await g(port,'query(\$i:RecallInput!){recall(input:\$i){items{score memory{id}}}}',{i:{agentId:agent,query:'topic '+(i%13)+' deploy'}}); return performance.now()-t;};
 const enc=async(port,i)=>{const t=performance.now(); await g(port,'mutation(\$i:EncodeInput!){encode(input:\$i){id}}',{i:{agentId:agent,content:'fresh '+port+' '+i}}); return performance.now()-t;};
 for(let i=0;i<300;i++){await rec(4561,i); await rec(4562,i);}
 const r={a:[],b:[]}, e={a:[],b:[]};
 for(let i=0;i<N;i++){ if(i%2){r.a.push(await rec(4561,i)); r.b.push(await rec(4562,i));} else {r.b.push(await rec(4562,i)); r.a.push(await rec(4561,i));} }
 for(let i=0;i<N/2;i++){ if(i%2){e.a.push(await enc(4561,i)); e.b.push(await enc(4562,i));} else {e.b.push(await enc(4562,i)); e.a.push(await enc(4561,i));} }
 const p=(x,q)=>{const s=[...x].sort((a,b)=>a-b); return s[Math.floor(s.length*q)].toFixed(1);};
 console.log('recall  limiter off p50',p(r.a,.5),'p99',p(r.a,.99),'| default (on) p50',p(r.b,.5),'p99',p(r.b,.99));
 console.log('encode  limiter off p50',p(e.a,.5),'p99',p(e.a,.99),'| default (on) p50',p(e.b,.5),'p99',p(e.b,.99));
 await g(4561,'mutation(\$id:ID!){deleteAgent(id:\$id){memories}}',{id:agent});
})();
" ${1:-600}
kill $PA $PB; wait $PA $PB 2>/dev/null
