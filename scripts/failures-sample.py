# Samples N failing (key, language) results of `overset check APP --format json` (seeded) and joins each to the
# placement it was judged at (`overset placements APP --format json`), for judging by hand against the app's source.
# Usage: python3 scripts/failures-sample.py CHECK.json PLACEMENTS.json OUT.json [N=30] [SEED=54]
import json, random, sys
check, placements, out = sys.argv[1:4]
n = int(sys.argv[4]) if len(sys.argv) > 4 else 30
seed = int(sys.argv[5]) if len(sys.argv) > 5 else 54
results = json.load(open(check))['results']
places = json.load(open(placements))['placements']
failing = [r for r in results if any(o['status'] == 'fail' for o in r['outcomes'])]
random.Random(seed).shuffle(failing)
sample = []
for r in failing[:n]:
    site = r.get('site') or {}
    match = [p for p in places if p['key'] == r['key'] and site.get('file', '').endswith(p['file']) and p['line'] == site.get('line')]
    if not match: match = [p for p in places if p['key'] == r['key']]
    fails = [o for o in r['outcomes'] if o['status'] == 'fail']
    sample.append({'key': r['key'], 'language': r['language'], 'text': r.get('text'), 'site': site, 'rule': r.get('rule'),
                   'failing sizes': [o['category'] for o in fails],
                   'first failure': {k: fails[0].get(k) for k in ('category', 'pointSize', 'width', 'linesNeeded', 'problems')},
                   'label': match[0]['label'] if match else None, 'component': match[0]['component'] if match else None,
                   'from': match[0]['from'] if match else None})
json.dump({'failing results': len(failing), 'of results': len(results), 'sample': sample}, open(out, 'w'), ensure_ascii=False, indent=1)
print(len(failing), 'failing of', len(results), '->', out)
