#!/usr/bin/env bash
# Renders the how-it-works video of the product pages (public/videos/): 12 s, 720x1280, three branded steps
# on the dark theme with the orange accent, as H.264 mp4 and VP9 webm, plus the poster jpg.
# Needs ffmpeg with libx264, libvpx and drawtext (Debian: apt-get install -y ffmpeg) and the DejaVu fonts.
set -euo pipefail
cd "$(dirname "$0")/../public/videos"
BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
REG=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
ORANGE=0xff8a1f
CYAN=0x3fd0ff
MUTED=0xb4bcd6

step() { # $1 number, $2 title, $3 hint, $4 start second
  local s=$4 e=$(($4 + 4))
  printf "%s" "drawtext=fontfile=$BOLD:text='$1':fontsize=220:fontcolor=$ORANGE:x=(w-tw)/2:y=230:enable='between(t,$s,$e)':alpha='min(1,(t-$s)*4)',"
  printf "%s" "drawtext=fontfile=$BOLD:text='$2':fontsize=58:fontcolor=white:x=(w-tw)/2:y=500:enable='between(t,$s,$e)':alpha='min(1,(t-$s-0.2)*4)',"
  printf "%s" "drawtext=fontfile=$REG:text='$3':fontsize=32:fontcolor=$MUTED:x=(w-tw)/2:y=585:enable='between(t,$s,$e)':alpha='min(1,(t-$s-0.4)*4)',"
}

FILTER="[0:v]format=yuv420p,"
FILTER+="drawbox=x=0:y=0:w=iw:h=14:color=$ORANGE:t=fill,"
FILTER+="drawtext=fontfile=$BOLD:text='IBC Cricket':fontsize=44:fontcolor=$ORANGE:x=(w-tw)/2:y=80,"
FILTER+="drawtext=fontfile=$REG:text='How it works':fontsize=30:fontcolor=$MUTED:x=(w-tw)/2:y=140,"
FILTER+=$(step 1 'Clear a 2 m square' 'Any room works' 0)
FILTER+=$(step 2 'Pick up the bat' 'The tracker matches your swing' 4)
FILTER+=$(step 3 'Take guard' 'Face real bowling' 8)
# Step 1: the play area grows into a square, with its size marked under it.
for i in 0 1 2 3; do
  size=$((160 + i * 80)); x=$(((720 - size) / 2)); y=$((700 + (480 - size) / 2))
  FILTER+="drawbox=x=$x:y=$y:w=$size:h=$size:color=$ORANGE:t=8:enable='between(t,$(echo "$i*0.4" | bc),4)',"
done
FILTER+="drawbox=x=120:y=1200:w=480:h=6:color=$CYAN:t=fill:enable='between(t,1.6,4)',"
FILTER+="drawtext=fontfile=$BOLD:text='2 m':fontsize=36:fontcolor=$CYAN:x=(w-tw)/2:y=1140:enable='between(t,1.6,4)',"
# Step 3: stumps and the crease.
FILTER+="drawbox=x=300:y=1000:w=16:h=200:color=white:t=fill:enable='between(t,8,12)',"
FILTER+="drawbox=x=352:y=1000:w=16:h=200:color=white:t=fill:enable='between(t,8,12)',"
FILTER+="drawbox=x=404:y=1000:w=16:h=200:color=white:t=fill:enable='between(t,8,12)',"
FILTER+="drawbox=x=290:y=988:w=140:h=10:color=$ORANGE:t=fill:enable='between(t,8,12)',"
FILTER+="drawbox=x=80:y=1210:w=560:h=6:color=$CYAN:t=fill:enable='between(t,8,12)'[base];"
# The bat rises into the hands in step 2 and stands at the crease in step 3; the ball comes in in step 3.
FILTER+="color=c=$ORANGE:s=30x170:d=12[handle];color=c=0xe9c98b:s=90x390:d=12[blade];"
FILTER+="color=c=0xe2483d:s=44x44:d=12[ball];"
BATX="if(lt(t,8),315,160)"
BATY="if(lt(t,8),max(650,1300-(t-4)*900),650)"
FILTER+="[base][handle]overlay=x='$BATX+30':y='$BATY':enable='between(t,4,12)'[withhandle];"
FILTER+="[withhandle][blade]overlay=x='$BATX':y='$BATY+170':enable='between(t,4,12)'[withbat];"
FILTER+="[withbat][ball]overlay=x='338':y='660+mod((t-8)*260,360)':enable='between(t,8.3,12)'[withball];"
# The progress bar along the bottom.
FILTER+="color=c=$ORANGE:s=720x10:d=12[bar];[withball][bar]overlay=x='-720+720*t/12':y=1262:shortest=1,format=yuv420p[v]"

ffmpeg -y -loglevel error -f lavfi -i "color=c=0x0b1020:s=720x1280:r=30:d=12" -filter_complex "$FILTER" -map '[v]' \
  -c:v libx264 -preset slow -crf 28 -pix_fmt yuv420p -profile:v main -movflags +faststart -an how-it-works.mp4
ffmpeg -y -loglevel error -f lavfi -i "color=c=0x0b1020:s=720x1280:r=30:d=12" -filter_complex "$FILTER" -map '[v]' \
  -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good -cpu-used 2 -an how-it-works.webm
ffmpeg -y -loglevel error -ss 2.2 -i how-it-works.mp4 -frames:v 1 -q:v 5 how-it-works-poster.jpg

cat > how-it-works.en.vtt <<'VTT'
WEBVTT

00:00:00.000 --> 00:00:04.000
1. Clear a 2 m square. Any room works.

00:00:04.000 --> 00:00:08.000
2. Pick up the bat. The tracker matches your swing.

00:00:08.000 --> 00:00:12.000
3. Take guard. Face real bowling.
VTT
ls -l how-it-works.*
