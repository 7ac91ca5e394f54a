# Samples localization keys from an app's catalogs (independently of Overset): development-language tables only
# (en.lproj, else Base.lproj, else any one language for a table only translated), InfoPlist and Intents left out.
import json, os, random, re, sys, codecs
app, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
tables = {}
def read_strings(path):
    raw = open(path, 'rb').read()
    if raw.startswith(codecs.BOM_UTF16_LE) or raw.startswith(codecs.BOM_UTF16_BE): text = raw.decode('utf-16')
    else: text = raw.decode('utf-8', 'replace')
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    return re.findall(r'^\s*"((?:[^"\\]|\\.)*)"\s*=', text, flags=re.M)
skip = {'.build','build','DerivedData','Pods','Carthage','.git'}
for root, dirs, files in os.walk(app):
    dirs[:] = [d for d in dirs if d not in skip and not d.startswith('.')]
    for f in files:
        path = os.path.join(root, f)
        name, ext = os.path.splitext(f)
        if name in ('InfoPlist',) or name.endswith('Intents'): continue
        if ext == '.xcstrings':
            keys = list(json.load(open(path))['strings'].keys())
            tables.setdefault(name, {})['xc'] = keys
        elif ext == '.strings':
            lang = os.path.basename(root)
            tables.setdefault(name, {})[lang] = tables.get(name, {}).get(lang, []) + read_strings(path)
population = []
for table, langs in sorted(tables.items()):
    keys = langs.get('xc') or langs.get('en.lproj') or langs.get('Base.lproj') or langs[sorted(langs)[0]]
    population += [(table, k) for k in sorted(set(keys))]
random.seed(seed)
sample = random.sample(population, min(count, len(population)))
print(json.dumps({"app": app, "population": len(population), "sample": [{"table": t, "key": k} for t, k in sorted(sample)]}, indent=1, ensure_ascii=False))
