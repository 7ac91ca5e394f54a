# Compares `overset placements APP --format json` with labels made by reading the app's source (labels-APP.json).
# Usage: python3 eval.py APP placements.json labels.json
import json, re, sys
app, placements_path, labels_path = sys.argv[1:4]
report = json.load(open(placements_path))
labels = json.load(open(labels_path))['labels']
by_key = {}
for p in report['placements']:
    by_key.setdefault((p['table'], p['key']), []).append(p)
SYSTEM = re.compile(r'navigation|alert|tab bar|menu|toolbar|confirmation|section|back button|share sheet|notification|authentication|dialog|ContentUnavailable|action sheet|swipe|bar button|segmented', re.I)
def kind(place):
    if place['file'].endswith(('.storyboard', '.xib')): return 'Interface Builder'
    if place['file'].endswith('.xml'): return 'Android resources'
    if place['file'].endswith(('.kt', '.java')): return 'Android code'
    c = place['component']
    if SYSTEM.search(c): return 'system component'
    if re.search(r'UILabel|UIButton|table (view )?cell|UIList|UIKit', c): return 'UIKit code'
    return 'SwiftUI'
stats = {}
def add(k, name, ok):
    s = stats.setdefault(k, {}).setdefault(name, [0, 0])
    s[0] += 1 if ok else 0
    s[1] += 1
misses, wrong = [], []
for label in labels:
    key = (label['table'], label['key'])
    placed = by_key.get(key, [])
    if label['shown'] is not True:
        if placed: wrong.append(f"not shown but placed: {key[1]} ({label.get('reason','')[:80]}) ← {placed[0]['file']}:{placed[0]['line']}")
        continue
    places = label['places']
    add('all', 'keys placed', bool(placed))
    if not placed: misses.append(f"key not placed: {key[1]} ({places[0]['component']} at {places[0]['file']}:{places[0]['line']})")
    for place in places:
        k = kind(place)
        match = [p for p in placed if p['file'] == place['file'] and abs(p['line'] - place['line']) <= 3]
        for group in ('all', k):
            add(group, 'places found', bool(match))
        if not match:
            misses.append(f"place not found: {key[1]}: {place['component']} at {place['file']}:{place['line']}")
            continue
        p = match[0]
        lab = p['label']
        if place.get('maxLines') is not None and place['component'] and not SYSTEM.search(place['component']) or place.get('linesStated'):
            if place.get('maxLines') is not None:
                ok = lab.get('maxLines') == place['maxLines']
                for group in ('all', k): add(group, 'lines', ok)
                if not ok: wrong.append(f"lines: {key[1]} at {place['file']}:{place['line']}: overset {lab.get('maxLines')}, label {place['maxLines']}")
        if place.get('fontStated') and place.get('font'):
            f = place['font']
            # Android: an appearance by name, or a size in sp (an appearance counts as its size: Overset's TextAppearance table).
            sizes = {'displayLarge': 57, 'displayMedium': 45, 'displaySmall': 36, 'headlineLarge': 32, 'headlineMedium': 28,
                     'headlineSmall': 24, 'titleLarge': 22, 'titleMedium': 16, 'titleSmall': 14, 'bodyLarge': 16, 'bodyMedium': 14,
                     'bodySmall': 12, 'labelLarge': 14, 'labelMedium': 12, 'labelSmall': 11, 'headline6': 20, 'subtitle1': 16,
                     'subtitle2': 14, 'body1': 16, 'body2': 14, 'button': 14, 'caption': 12, 'overline': 10,
                     'appcompat.title': 20, 'appcompat.subhead': 16, 'appcompat.menu': 16, 'appcompat.body1': 14,
                     'appcompat.body2': 14, 'appcompat.caption': 12, 'appcompat.button': 14, 'android.small': 14,
                     'android.medium': 18, 'android.large': 22, 'android.listItem': 16, 'android.listItemSecondary': 14}
            overset_size = lab.get('size') or sizes.get(lab.get('textAppearance'))
            if 'appearance' in f:
                ok = lab.get('textAppearance') == f['appearance'] or (
                    lab.get('textAppearance') is not None and sizes.get(f['appearance']) is not None
                    and sizes.get(f['appearance']) == overset_size and lab.get('size') is None)
            elif f.get('unit') in ('sp', 'dp'):
                ok = overset_size == f.get('size') and (lab.get('relativeTo') == 'none') == (f['unit'] == 'dp')
            elif 'style' in f:
                style = {'title': 'title1', 'caption': 'caption1'}.get(f['style'], f['style'])
                ok = lab.get('style') == style
            else:
                ok = lab.get('size') == f.get('size') and lab.get('weight', 'regular') == (f.get('weight') or 'regular').replace('medium', 'semibold')
            for group in ('all', k): add(group, 'fonts', ok)
            if not ok: wrong.append(f"font: {key[1]} at {place['file']}:{place['line']}: overset {({n: lab.get(n) for n in ('style','size','weight')})}, label {f}")
        if place.get('widthStated') and place.get('width') is not None:
            ok = lab.get('width') is not None and abs(lab['width'] - place['width']) <= 1
            for group in ('all', k): add(group, 'widths', ok)
            if not ok: wrong.append(f"width: {key[1]} at {place['file']}:{place['line']}: overset {lab.get('width')}, label {place['width']}")
print(f"## {app}")
for group, names in stats.items():
    print(f"  {group}: " + ", ".join(f"{n} {a}/{b} ({100*a/b:.0f} %)" for n, (a, b) in names.items()))
for line in misses + wrong: print("  - " + line)
